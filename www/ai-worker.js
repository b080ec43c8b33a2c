// The AI of ASEAN chess, off the page's main thread: a module worker that loads the same wasm
// bundle as the page (whose start function returns at once without a window) and answers
// {id, fen, promotion, moves, level, seed, movetime} with {id, uci} or {id, error}.
import init, { ai_best_move } from "./pkg/web.js";

const ready = init();

self.onmessage = async (event) => {
  const { id, fen, promotion, moves, level, seed, movetime } = event.data || {};
  try {
    await ready;
    const uci = ai_best_move(
      String(fen),
      String(promotion || "any"),
      String(moves || ""),
      Number(level) | 0,
      Number(seed) >>> 0,
      Number(movetime || 0) >>> 0,
    );
    self.postMessage({ id, uci });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
