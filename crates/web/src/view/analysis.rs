//! `#analysis`: the analyse and stop buttons, the progress `#analysis-progress`, the shown
//! position's evaluation `#eval` (score, depth, principal variation in SAN), the evaluation
//! graph `#eval-graph` (click to go to a move) and the count of judged moves per side.

use crate::dom;
use crate::i18n::Key;
use crate::intl;
use crate::model::Model;
use crate::model::analysis::{pv_san, score_text, symbol};
use crate::update::{Emit, Msg, ReviewStep};
use engine::analysis::{Judgement, WhiteScore};
use rules::Color;
use web_sys::{Event, MouseEvent};

/// The graph's drawing size, in its own units (the SVG scales to its box).
const W: f64 = 200.0;
const H: f64 = 60.0;

/// The graph as drawn: White's win chance by ply, the judged moves, the shown ply.
#[derive(Clone, Debug, PartialEq)]
struct Graph {
    wins: Vec<Option<f64>>,
    judged: Vec<(usize, Judgement)>,
    shown: usize,
}

#[derive(Clone, Debug, PartialEq)]
struct Scene {
    running: bool,
    can_start: bool,
    start_label: &'static str,
    progress: Option<(usize, usize, String)>,
    eval: Option<(WhiteScore, String, String, String)>,
    status: Option<String>,
    graph: Option<Graph>,
    summary: Option<String>,
}

/// The analysis panel.
#[derive(Default)]
pub struct AnalysisView {
    scene: Option<Scene>,
}

fn judged(m: &Model) -> Vec<(usize, Judgement)> {
    let Some(a) = &m.analysis else {
        return Vec::new();
    };
    (1..a.total())
        .filter_map(|ply| a.judgement(&m.game, ply).map(|j| (ply, j)))
        .collect()
}

impl AnalysisView {
    /// Draws the analysis of `m`.
    pub fn render(&mut self, m: &Model) {
        let lang = m.lang;
        let a = m.analysis.as_ref();
        let running = a.is_some_and(|a| !a.stopped && !a.complete());
        let shown = m.shown_ply();
        // Not while it would give away the answer of a mistake's exercise.
        let hidden = m
            .learn
            .as_ref()
            .is_some_and(|l| l.ply().is_some() && !l.state.answered());
        let eval = a.and_then(|a| a.eval(shown)).filter(|_| !hidden).map(|e| {
            let depth = if e.depth > 0 {
                lang.fmt(Key::EvalDepth, &[("n", &e.depth.to_string())])
            } else {
                String::new()
            };
            (
                e.score,
                score_text(lang, e.score),
                depth,
                pv_san(m.shown_position(), &e.pv),
            )
        });
        let judged = judged(m);
        let summary = a.filter(|a| a.complete()).map(|_| {
            [Color::White, Color::Black]
                .map(|c| {
                    let marks: Vec<String> = [
                        Judgement::Blunder,
                        Judgement::Mistake,
                        Judgement::Inaccuracy,
                    ]
                    .into_iter()
                    .filter_map(|j| {
                        let n = judged
                            .iter()
                            .filter(|(ply, jj)| {
                                *jj == j
                                    && m.game.positions().get(ply - 1).map(|p| p.turn()) == Some(c)
                            })
                            .count();
                        (n > 0).then(|| format!("{n} {}", symbol(j)))
                    })
                    .collect();
                    let side = lang.t(if c == Color::White {
                        Key::White
                    } else {
                        Key::Black
                    });
                    if marks.is_empty() {
                        lang.fmt(Key::AnalysisSideClean, &[("side", side)])
                    } else {
                        lang.fmt(
                            Key::AnalysisSide,
                            &[("side", side), ("marks", &marks.join(", "))],
                        )
                    }
                })
                .join(" · ")
        });
        let scene = Scene {
            running,
            can_start: !running
                && a.is_none_or(|a| !a.complete())
                && crate::update::analysis_allowed(m),
            start_label: lang.t(if a.is_some_and(|a| a.stopped && a.done() > 0) {
                Key::BtnAnalysisResume
            } else {
                Key::BtnAnalyse
            }),
            progress: a.map(|a| {
                let key = if a.complete() {
                    Key::AnalysisDone
                } else {
                    Key::AnalysisProgress
                };
                (
                    a.done(),
                    a.total(),
                    lang.fmt(
                        key,
                        &[
                            ("done", &intl::integer(lang, a.done() as u64)),
                            ("total", &intl::integer(lang, a.total() as u64)),
                        ],
                    ),
                )
            }),
            eval,
            status: a
                .and_then(|a| a.error.as_ref())
                .map(|e| lang.fmt(Key::AnalysisFailed, &[("error", e)])),
            graph: a.map(|a| Graph {
                wins: a.win_chances(),
                judged: judged.clone(),
                shown,
            }),
            summary,
        };
        if self.scene.as_ref() == Some(&scene) {
            return;
        }
        let appeared =
            scene.progress.is_some() && self.scene.as_ref().is_none_or(|s| s.progress.is_none());
        draw(&scene);
        if appeared && let Some(card) = dom::by_id("analysis") {
            // Bring the analysis into sight when it starts.
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            card.scroll_into_view_with_scroll_into_view_options(&options);
        }
        self.scene = Some(scene);
    }

    /// Connects the buttons and the graph.
    pub fn wire(&self, d: &impl Emit) {
        for (id, msg) in [
            ("btn-analyse", Msg::AnalyseStart),
            ("btn-analysis-stop", Msg::AnalyseStop),
            ("game-over-analyse", Msg::AnalyseStart),
        ] {
            if let Some(e) = dom::by_id(id) {
                let d = d.clone();
                dom::on(&e, "click", move |_: Event| d.emit(msg.clone()));
            }
        }
        if let Some(graph) = dom::by_id("eval-graph") {
            let d = d.clone();
            let g = graph.clone();
            dom::on(&graph, "click", move |ev: MouseEvent| {
                let rect = g.get_bounding_client_rect();
                let n = g
                    .get_attribute("data-total")
                    .and_then(|t| t.parse::<usize>().ok())
                    .unwrap_or(0);
                if rect.width() <= 0.0 || n < 2 {
                    return;
                }
                let x = (f64::from(ev.client_x()) - rect.left()) / rect.width();
                let ply = (x.clamp(0.0, 1.0) * (n - 1) as f64).round() as usize;
                d.emit(Msg::Review(ReviewStep::Ply(ply)));
            });
        }
    }
}

fn x_of(ply: usize, total: usize) -> f64 {
    if total < 2 {
        return 0.0;
    }
    ply as f64 / (total - 1) as f64 * W
}

fn y_of(win: f64) -> f64 {
    (1.0 - win.clamp(0.0, 1.0)) * H
}

fn draw(s: &Scene) {
    if let Some(b) = dom::by_id("btn-analyse") {
        dom::set_hidden(&b, !s.can_start);
        dom::set_text(&b, s.start_label);
    }
    if let Some(b) = dom::by_id("btn-analysis-stop") {
        dom::set_hidden(&b, !s.running);
    }
    if let Some(p) = dom::by_id("analysis-progress") {
        dom::set_hidden(&p, s.progress.is_none());
        if let Some((done, total, text)) = &s.progress {
            dom::set_attr(&p, "data-done", &done.to_string());
            dom::set_attr(&p, "data-total", &total.to_string());
            dom::set_attr(&p, "aria-valuenow", &done.to_string());
            dom::set_attr(&p, "aria-valuemax", &total.to_string());
            dom::set_class(&p, "complete", done == total);
            if let Some(bar) = p.query_selector(".bar").ok().flatten() {
                let pct = if *total == 0 { 0 } else { done * 100 / total };
                dom::set_style(&bar, "width", &format!("{pct}%"));
            }
            if let Some(t) = p.query_selector(".progress-text").ok().flatten() {
                dom::set_text(&t, text);
            }
        }
    }
    if let Some(e) = dom::by_id("eval") {
        dom::set_hidden(&e, s.eval.is_none());
        for a in ["data-cp", "data-mate", "data-won"] {
            let _ = e.remove_attribute(a);
        }
        if let Some((score, score_text, depth, pv)) = &s.eval {
            match score {
                WhiteScore::Cp(cp) => dom::set_attr(&e, "data-cp", &cp.to_string()),
                WhiteScore::Mate(n) => dom::set_attr(&e, "data-mate", &n.to_string()),
                WhiteScore::Won(c) => dom::set_attr(&e, "data-won", &c.to_string()),
            }
            let white = match score {
                WhiteScore::Cp(cp) => *cp >= 0,
                WhiteScore::Mate(n) => *n > 0,
                WhiteScore::Won(c) => *c == Color::White,
            };
            dom::set_class(&e, "black-better", !white);
            for (sel, text) in [
                (".eval-score", score_text.clone()),
                (".eval-depth", depth.clone()),
                (".eval-pv", pv.clone()),
            ] {
                if let Some(x) = e.query_selector(sel).ok().flatten() {
                    dom::set_text(&x, &text);
                }
            }
        }
    }
    if let Some(e) = dom::by_id("analysis-status") {
        dom::set_text(&e, s.status.as_deref().unwrap_or(""));
        dom::set_hidden(&e, s.status.is_none());
    }
    if let Some(e) = dom::by_id("analysis-summary") {
        dom::set_text(&e, s.summary.as_deref().unwrap_or(""));
        dom::set_hidden(&e, s.summary.is_none());
    }
    if let Some(g) = dom::by_id("eval-graph") {
        dom::set_hidden(&g, s.graph.is_none());
        dom::clear(&g);
        if let Some(graph) = &s.graph {
            draw_graph(&g, &graph.wins, &graph.judged, graph.shown);
        }
    }
}

fn draw_graph(
    g: &web_sys::Element,
    wins: &[Option<f64>],
    judged: &[(usize, Judgement)],
    shown: usize,
) {
    let total = wins.len();
    dom::set_attr(
        g,
        "viewBox",
        &format!("0 0 {} {}", dom::fixed(W, 0), dom::fixed(H, 0)),
    );
    dom::set_attr(g, "data-total", &total.to_string());
    let add = |tag: &str, attrs: &[(&str, String)]| {
        if let Some(e) = dom::svg(tag) {
            for (k, v) in attrs {
                dom::set_attr(&e, k, v);
            }
            let _ = g.append_child(&e);
        }
    };
    // White's area below the curve, Black's above; a midline for an even game.
    let mut d = String::new();
    let mut area = format!("M0 {}", dom::fixed(H, 0));
    let mut open = false;
    for (ply, w) in wins.iter().enumerate() {
        let (x, y) = (x_of(ply, total), w.map(y_of));
        match y {
            Some(y) => {
                d.push_str(&format!(
                    "{}{} {}",
                    if open { " L" } else { " M" },
                    dom::fixed(x, 2),
                    dom::fixed(y, 2)
                ));
                area.push_str(&format!(" L{} {}", dom::fixed(x, 2), dom::fixed(y, 2)));
                open = true;
            }
            None => open = false,
        }
    }
    let last = wins
        .iter()
        .rposition(Option::is_some)
        .map_or(0.0, |p| x_of(p, total));
    area.push_str(&format!(" L{} {} Z", dom::fixed(last, 2), dom::fixed(H, 0)));
    add(
        "rect",
        &[
            ("class", "graph-bg".into()),
            ("x", "0".into()),
            ("y", "0".into()),
            ("width", dom::fixed(W, 0)),
            ("height", dom::fixed(H, 0)),
        ],
    );
    add("path", &[("class", "graph-area".into()), ("d", area)]);
    add(
        "line",
        &[
            ("class", "graph-mid".into()),
            ("x1", "0".into()),
            ("x2", dom::fixed(W, 0)),
            ("y1", dom::fixed(H / 2.0, 0)),
            ("y2", dom::fixed(H / 2.0, 0)),
        ],
    );
    add(
        "path",
        &[("class", "graph-line".into()), ("d", d.trim().to_owned())],
    );
    let sx = x_of(shown, total);
    add(
        "line",
        &[
            ("class", "graph-shown".into()),
            ("x1", dom::fixed(sx, 2)),
            ("x2", dom::fixed(sx, 2)),
            ("y1", "0".into()),
            ("y2", dom::fixed(H, 0)),
        ],
    );
    for (ply, j) in judged {
        if let Some(Some(w)) = wins.get(*ply) {
            add(
                "circle",
                &[
                    ("class", format!("graph-mark {}", j.name())),
                    ("data-ply", ply.to_string()),
                    ("cx", dom::fixed(x_of(*ply, total), 2)),
                    ("cy", dom::fixed(y_of(*w), 2)),
                    ("r", "2.2".into()),
                ],
            );
        }
    }
}
