// The AI of ASEAN chess, off the page's main thread: a module worker that loads the engine's
// own wasm module (crates/worker, `pkg/worker.js`; the page's module has no engine). The page
// starts it with the page; a module that fails to load fires the worker's `error` event, which
// the page reports. Two requests:
// - a move (no kind, or kind "move"): {id, fen, promotion, moves, level, seed, movetime}
//   answered with {id, uci} or {id, error};
// - an analysis: {id, kind: "analyse", fen, promotion, moves, movetime, depth} (milliseconds
//   and plies, 0 for no bound, not both) of the position after `moves`, answered with
//   {id, kind: "analyse", result} (the JSON of protocol::worker::Analysis, parsed) or
//   {id, kind: "analyse", error}.
// Once loaded it says {kind: "ready"}; a module that loads but cannot be instantiated says
// {kind: "unavailable", error} instead (then every request is answered with that error).
import init, { ai_analyse, ai_best_move } from "./pkg/worker.js";

const ready = init();
ready.then(
  () => self.postMessage({ kind: "ready" }),
  (error) => self.postMessage({ kind: "unavailable", error: String(error) }),
);

self.onmessage = async (event) => {
  const data = event.data || {};
  const { id, kind, fen, promotion, moves, movetime } = data;
  const analysing = kind === "analyse";
  try {
    await ready;
    if (analysing) {
      const json = ai_analyse(
        String(fen),
        String(promotion || "any"),
        String(moves || ""),
        Number(movetime || 0) >>> 0,
        Math.min(255, Number(data.depth || 0) >>> 0),
      );
      self.postMessage({ id, kind, result: JSON.parse(json) });
    } else {
      const uci = ai_best_move(
        String(fen),
        String(promotion || "any"),
        String(moves || ""),
        Number(data.level) | 0,
        Number(data.seed) >>> 0,
        Number(movetime || 0) >>> 0,
      );
      self.postMessage({ id, uci });
    }
  } catch (error) {
    self.postMessage(analysing ? { id, kind, error: String(error) } : { id, error: String(error) });
  }
};
