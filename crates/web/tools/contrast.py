#!/usr/bin/env python3
"""Measures WCAG contrast ratios of the text colours of www/style.css, in the light and the
dark scheme, and of the board coordinates on their squares for every board theme.

Reads the custom properties of `:root`, `:root[data-theme="dark"]` and the `[data-board]`
blocks. Prints one line per pair; exits 1 when a text pair is under 4.5:1 (AA).
Run: python3 crates/web/tools/contrast.py [www/style.css]
"""
import re
import sys

def lum(h):
    h=h.lstrip('#')
    if len(h)==3: h=''.join(c*2 for c in h)
    r,g,b=[int(h[i:i+2],16)/255 for i in (0,2,4)]
    f=lambda c: c/12.92 if c<=0.03928 else ((c+0.055)/1.055)**2.4
    return 0.2126*f(r)+0.7152*f(g)+0.0722*f(b)
def cr(a,b):
    la,lb=sorted([lum(a),lum(b)],reverse=True); return (la+0.05)/(lb+0.05)
css=open(sys.argv[1] if len(sys.argv) > 1 else 'www/style.css').read()
def block(sel):
    out={}
    for m in re.finditer(re.escape(sel)+r'\s*\{([^}]*)\}',css):
        out.update(re.findall(r'--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\s*;',m.group(1)))
    return out
base=block(':root')
themes={'light':base}
if ':root[data-theme="dark"]' in css:
    d=dict(base); d.update(block(':root[data-theme="dark"]')); themes['dark']=d
pairs=[('ink','bg'),('ink','surface'),('ink','surface-2'),('ink-soft','surface'),('ink-soft','bg'),('ink-soft','surface-2'),
('accent','surface'),('accent','bg'),('accent','surface-2'),('accent-ink','accent'),('accent-ink','accent-hover'),('jade-ink','jade'),('jade-ink','jade-hover'),
('danger','surface'),('danger','bg'),('warn-ink','warn-bg'),('banner-ink','banner-bg'),('ok-ink','ok-bg'),('ink','info-bg'),('error-ink','error-bg'),
('toast-ink','toast-bg'),('toast-ink','toast-error-bg'),('inaccuracy','surface'),('mistake','surface'),('blunder','surface'),
('eval-white-ink','eval-white-bg'),('eval-black-ink','eval-black-bg'),('ink','jade-soft'),('ink','ok-bg'),('danger','surface-2'),('focus','surface')]
bad=0
for t,v in themes.items():
    print('==',t)
    for a,b in pairs:
        if a in v and b in v:
            c=cr(v[a],v[b]); flag='' if c>=4.5 else ('  <4.5 (ok for focus/non-text>=3)' if c>=3 else '  FAIL')
            if c<4.5 and a!='focus': bad+=1
            print(f'{a:16} on {b:14} {c:5.2f}{flag}')
# boards
for sel in sorted(set(re.findall(r'(:root\[data[^{]*?)\s*\{',css))):
    if 'data-board' not in sel: continue
    v=dict(base); 
    if 'dark' in sel: v.update(themes.get('dark',{}))
    v.update(block(sel))
    a, b = cr(v['coord-on-light'], v['light-sq']), cr(v['coord-on-dark'], v['dark-sq'])
    bad += (a < 4.5) + (b < 4.5)
    print(sel, 'coord/light %.2f coord/dark %.2f  squares %.2f' % (a, b, cr(v['light-sq'], v['dark-sq'])))
for t,v in themes.items():
    a, b = cr(v['coord-on-light'], v['light-sq']), cr(v['coord-on-dark'], v['dark-sq'])
    bad += (a < 4.5) + (b < 4.5)
    print('teak', t, 'coord/light %.2f coord/dark %.2f' % (a, b))
print('pairs under 4.5:1:', bad)

sys.exit(1 if bad else 0)
