// The looks before the first paint, for the pages without the app (the rules): the stored
// theme (asean.theme.v1: auto|light|dark, auto following prefers-color-scheme), piece set
// (asean.pieces.v1) and board (asean.board.v1) become <html data-theme="light|dark"
// data-pieces data-board>, read by style.css. Load it as a classic script in <head>.
// index.html inlines the same lines (no extra request before its first paint): keep both alike.
(function () {
  function stored(name) {
    try { return localStorage.getItem("asean." + name + ".v1"); } catch (_) { return null; }
  }
  var root = document.documentElement;
  var theme = stored("theme");
  var dark = theme === "dark" || (theme !== "light" && !!window.matchMedia &&
    window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.setAttribute("data-theme", dark ? "dark" : "light");
  var pieces = stored("pieces");
  root.setAttribute("data-pieces", pieces === "western" ? pieces : "thai");
  var board = stored("board");
  root.setAttribute("data-board", /^(teak|jade|slate)$/.test(board || "") ? board : "teak");
})();
