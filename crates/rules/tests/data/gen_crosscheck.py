# Generates random games with pyffish (pip install pyffish==0.0.90) for the cross-check test;
# xc.json is then flattened into pyffish-random.txt (one line per ply).
import pyffish as sf, random, json
V="asean"
random.seed(7)
out=[]
starts=[sf.start_fen(V)]*30 + [
 "8/8/3k4/8/4n3/3B4/8/4K3 w - - 0 1","8/8/3k4/8/4r3/2N5/3Q4/6K1 w - - 0 1",
 "4k3/8/8/8/8/2p5/8/R3K3 w - - 0 1","4k3/3q4/8/8/8/2p5/8/R3K3 b - - 0 1",
 "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w - - 0 1","4k3/8/2p5/8/8/2P5/8/RN2K3 w - - 0 1",
]*4
for g,fen in enumerate(starts):
    recs=[]
    cur=fen
    for ply in range(random.choice([40,120,250])):
        legal=sf.legal_moves(V,cur,[])
        rec={"fen":cur,"legal":sorted(legal),
             "ins":list(sf.has_insufficient_material(V,cur,[]))}
        if not legal:
            rec["result"]=sf.game_result(V,cur,[])
            recs.append(rec); break
        board=cur.split()[0]
        rows=[]
        for r in board.split('/'):
            row=''
            for ch in r: row += '.'*int(ch) if ch.isdigit() else ch
            rows.append(row)
        def occ(sq): return rows[8-int(sq[1])][ord(sq[0])-97] != '.'
        caps=[m for m in legal if occ(m[2:4])]
        m = random.choice(caps) if caps and random.random()<0.5 else random.choice(legal)
        rec["move"]=m; rec["san"]=sf.get_san(V,cur,m)
        recs.append(rec)
        cur=sf.get_fen(V,cur,[m])
    out.append({"start":fen,"plies":recs})
json.dump(out,open("xc.json","w"))
print(len(out), sum(len(g["plies"]) for g in out))
