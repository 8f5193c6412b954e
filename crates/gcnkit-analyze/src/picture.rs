//! The control-flow graph as an SVG picture. The `rust-sugiyama` crate places the blocks
//! (Sugiyama's layered method: ranks, fewer crossings, Brandes and Köpf's coordinates, in
//! milliseconds on kernels of hundreds of blocks); this module draws what it placed: each
//! block a box with its lines ([`crate::report::block_lines`]), each edge a curve, loops'
//! back edges on the side.

use crate::cfg::EdgeKind;
use crate::report::{block_colour, block_lines};
use crate::Analysis;
use rust_sugiyama::configure::Config;
use std::fmt::Write;

/// Character cell of the monospace text (px), and a box's padding.
const CHAR_W: f64 = 7.2;
const LINE_H: f64 = 14.0;
const PAD: f64 = 6.0;
/// Room between layers (edge labels go there) and around the picture.
const GAP: f64 = 40.0;
const MARGIN: f64 = 20.0;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One drawn edge.
struct Line {
    from: usize,
    to: usize,
    label: &'static str,
    style: &'static str,
    /// A loop's back edge (latch to header): drawn up the side.
    back: bool,
}

/// The graph of `a` as a standalone SVG document.
pub fn to_svg(a: &Analysis) -> String {
    let n = a.cfg.blocks.len();
    let lines: Vec<Vec<String>> = (0..n).map(|b| block_lines(a, b, true)).collect();
    let size: Vec<(f64, f64)> = lines
        .iter()
        .map(|l| {
            let w = l.iter().map(|x| x.chars().count()).max().unwrap_or(1) as f64 * CHAR_W + 2.0 * PAD;
            (w, l.len() as f64 * LINE_H + 2.0 * PAD)
        })
        .collect();
    let mut drawn = Vec::new();
    for e in &a.cfg.edges {
        let back = a.cfg.is_back_edge(e);
        let style = match e.kind {
            EdgeKind::Taken => "",
            EdgeKind::Fallthrough => " stroke-dasharray=\"6 4\"",
            EdgeKind::Return => " stroke-dasharray=\"2 3\"",
        };
        drawn.push(Line {
            from: e.from,
            to: e.to,
            label: e.kind.name(),
            style,
            back,
        });
    }
    for &(from, to) in &a.cfg.calls {
        drawn.push(Line {
            from,
            to,
            label: "call",
            style: " stroke=\"#1f5fbf\" stroke-width=\"2\"",
            back: false,
        });
    }
    // Back edges point down for the layout, so that code runs top to bottom.
    let edges: Vec<(u32, u32)> = drawn
        .iter()
        .filter(|l| l.from != l.to)
        .map(|l| {
            if l.back {
                (l.to as u32, l.from as u32)
            } else {
                (l.from as u32, l.to as u32)
            }
        })
        .collect();
    let vertices: Vec<(u32, (f64, f64))> = size.iter().enumerate().map(|(b, &s)| (b as u32, s)).collect();
    let config = Config {
        vertex_spacing: GAP,
        ..Config::default()
    };
    let parts = rust_sugiyama::from_vertices_and_edges(&vertices, &edges, &config);
    // Each part (a connected piece) beside the one before; the positions are box centres.
    let mut centre = vec![(0.0f64, 0.0f64); n];
    let (mut left, mut height) = (MARGIN, 0.0f64);
    for (placed, _, _) in &parts {
        let min_x = placed
            .iter()
            .map(|&(b, (x, _))| x - size[b].0 / 2.0)
            .fold(f64::MAX, f64::min);
        let min_y = placed
            .iter()
            .map(|&(b, (_, y))| y - size[b].1 / 2.0)
            .fold(f64::MAX, f64::min);
        let mut right = left;
        for &(b, (x, y)) in placed {
            centre[b] = (x - min_x + left, y - min_y + MARGIN + 24.0);
            right = right.max(centre[b].0 + size[b].0 / 2.0);
            height = height.max(centre[b].1 + size[b].1 / 2.0);
        }
        left = right + GAP;
    }
    let (width, height) = (left - GAP + MARGIN + 60.0, height + MARGIN);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"monospace\" font-size=\"12\">"
    );
    s.push_str("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\n");
    let _ = writeln!(
        s,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"14\">{} ({})</text>",
        MARGIN + 4.0,
        esc(&a.program.name),
        a.program.arch.name()
    );
    // Edges first, under the boxes.
    for l in &drawn {
        let (f, t) = (centre[l.from], centre[l.to]);
        let (fs, ts) = (size[l.from], size[l.to]);
        let (path, lx, ly) = if l.back || l.from == l.to || t.1 <= f.1 {
            // Up the right side: out of the source's right edge, into the target's.
            let (x1, y1) = (f.0 + fs.0 / 2.0, f.1);
            let (x2, y2) = (t.0 + ts.0 / 2.0, t.1);
            let out = x1.max(x2) + 40.0;
            (
                format!("M{x1:.1},{y1:.1} C{out:.1},{y1:.1} {out:.1},{y2:.1} {x2:.1},{y2:.1}"),
                out - 10.0,
                (y1 + y2) / 2.0,
            )
        } else {
            let (x1, y1) = (f.0, f.1 + fs.1 / 2.0);
            let (x2, y2) = (t.0, t.1 - ts.1 / 2.0);
            let my = (y1 + y2) / 2.0;
            (
                format!("M{x1:.1},{y1:.1} C{x1:.1},{my:.1} {x2:.1},{my:.1} {x2:.1},{y2:.1}"),
                (x1 + x2) / 2.0 + 4.0,
                my,
            )
        };
        let width = if l.back { " stroke-width=\"2\"" } else { "" };
        let _ = writeln!(
            s,
            "<path d=\"{path}\" fill=\"none\" stroke=\"#333\"{}{width} marker-end=\"url(#arrow)\"/><text x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"10\" fill=\"#555\">{}</text>",
            l.style, l.label
        );
    }
    for b in 0..n {
        let ((x, y), (w, h)) = (centre[b], size[b]);
        let (x0, y0) = (x - w / 2.0, y - h / 2.0);
        let header = a.cfg.loops.iter().any(|l| l.header == b);
        let _ = writeln!(
            s,
            "<g><rect x=\"{x0:.1}\" y=\"{y0:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{}\" stroke=\"#222\" stroke-width=\"{}\"/>",
            block_colour(a, b),
            if header { 3 } else { 1 }
        );
        for (k, line) in lines[b].iter().enumerate() {
            let _ = writeln!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" xml:space=\"preserve\"{}>{}</text>",
                x0 + PAD,
                y0 + PAD + LINE_H * (k as f64 + 0.8),
                if k == 0 { " font-weight=\"bold\"" } else { "" },
                esc(line)
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}
