//! The pages' HTML, written by hand with every word escaped: the game's page (the board
//! as SVG, cell by cell, from the core's [`BoardView`]), a server's games, and the
//! refusals. No template engine and no build step: the page's script and style are the
//! two static files beside this module (`app.js`, `app.css`).

use std::fmt::Write as _;

use jetan_core::web::{BoardView, CellShape, GamePage, ServerGames};
use jetan_core::{Markup, Text, UserId};

/// `s` with HTML's special characters escaped (for text and quoted attributes).
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Reply text as HTML, from its typed parts: mentions as names, strong, emphasis,
/// struck-out and code parts as their tags, links as links, line breaks as `<br>`, and
/// every word escaped (a player's typed `**` or `<b>` stays words).
pub fn text(t: &Text, name: &dyn Fn(UserId) -> String) -> String {
    t.render_with(&Html { name })
}

/// How the pages write each part of reply text.
struct Html<'a> {
    name: &'a dyn Fn(UserId) -> String,
}

impl Markup for Html<'_> {
    fn user(&self, id: UserId) -> String {
        esc(&format!("@{}", (self.name)(id)))
    }
    fn channel(&self, id: jetan_core::ChannelId) -> String {
        esc(&format!("#{id}"))
    }
    fn words(&self, words: &str) -> String {
        esc(words).replace('\n', "<br>")
    }
    fn strong(&self, inner: String) -> String {
        format!("<strong>{inner}</strong>")
    }
    fn emphasis(&self, inner: String) -> String {
        format!("<em>{inner}</em>")
    }
    fn strike(&self, inner: String) -> String {
        format!("<s>{inner}</s>")
    }
    fn code(&self, code: &str) -> String {
        format!("<code>{}</code>", esc(code))
    }
    fn link(&self, label: &str, url: &str) -> String {
        format!(
            r#"<a href="{}" rel="noopener noreferrer">{}</a>"#,
            esc(url),
            esc(label)
        )
    }
}

fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

fn shape(s: &CellShape, fill: &str, extra: &str) -> String {
    match s {
        CellShape::Rect { x, y, w, h } => {
            format!(
                r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{fill}"{extra}/>"#
            )
        }
        CellShape::Polygon(points) => {
            let mut p = String::new();
            for (x, y) in points {
                let _ = write!(p, "{x:.1},{y:.1} ");
            }
            format!(
                r#"<polygon points="{}" fill="{fill}"{extra}/>"#,
                p.trim_end()
            )
        }
    }
}

/// The board as SVG: every cell a focusable button (`data-square`, `aria-label` with
/// the piece on it), its marks and its token as the PNG draws them.
pub fn board_svg(board: &BoardView, names: &[(String, String)], label: &str) -> String {
    let [x, y, w, h] = board.view_box;
    let mut out = String::with_capacity(40_000);
    let _ = write!(
        out,
        r#"<svg class="board" viewBox="{x:.1} {y:.1} {w:.1} {h:.1}" role="group" aria-label="{}"><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" fill="{}"/>"#,
        esc(label),
        hex(board.background)
    );
    for cell in &board.cells {
        let piece = names
            .iter()
            .find(|(sq, _)| *sq == cell.name)
            .map(|(_, n)| n.as_str());
        let aria = match piece {
            Some(p) => format!("{}, {p}", cell.name),
            None => cell.name.clone(),
        };
        let marks: Vec<&str> = cell.marks.iter().map(|m| m.name()).collect();
        let _ = write!(
            out,
            r#"<g class="cell {}" data-square="{}" tabindex="0" role="button" aria-label="{}"{}>"#,
            marks.join(" "),
            esc(&cell.name),
            esc(&aria),
            match &cell.piece {
                Some(t) => format!(r#" data-owner="{}""#, t.owner),
                None => String::new(),
            }
        );
        out.push_str(&shape(&cell.shape, &hex(cell.fill), ""));
        for m in &cell.marks {
            let (c, alpha, border) = m.tint();
            let extra = if border {
                format!(
                    r#" fill-opacity="{alpha}" stroke="{}" stroke-width="3""#,
                    hex(c)
                )
            } else {
                format!(r#" fill-opacity="{alpha}""#)
            };
            out.push_str(&shape(&cell.shape, &hex(c), &extra));
        }
        // The focus ring and the move marks, styled by the page.
        out.push_str(&shape(&cell.shape, "none", r#" class="hl""#));
        let (cx, cy) = cell.centre;
        if let Some(t) = &cell.piece {
            let r = cell.token / 2.0;
            let _ = write!(
                out,
                r#"<circle cx="{cx:.1}" cy="{:.1}" r="{r:.1}" fill="black" fill-opacity="0.3"/><circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{}" stroke="{}" stroke-width="{:.1}"/><text x="{cx:.1}" y="{cy:.1}" font-size="{:.1}" fill="{}" text-anchor="middle" dominant-baseline="central" font-weight="bold">{}</text>"#,
                cy + r * 0.06,
                r * 0.93,
                hex(t.body),
                hex(t.ink),
                r * 0.14,
                r * 1.1,
                hex(t.ink),
                esc(&t.label)
            );
            if t.promoted {
                let _ = write!(
                    out,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{}"/>"#,
                    cx + r * 0.62,
                    cy - r * 0.62,
                    r * 0.2,
                    hex([240, 170, 30])
                );
            }
        }
        let _ = write!(
            out,
            r#"<circle class="dot" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}"/></g>"#,
            cell.token * 0.18
        );
    }
    for l in &board.lines {
        let _ = write!(
            out,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{:.1}" stroke-linecap="round"/>"#,
            l.from.0,
            l.from.1,
            l.to.0,
            l.to.1,
            hex(l.color),
            l.width
        );
    }
    let size = (w.min(h) / 30.0).max(9.0);
    for (x, y, t) in &board.coords {
        // A backdrop of the frame's colour, as the PNG draws the rings' rank numbers over
        // the seam.
        let (bw, bh) = (size * (0.35 + 0.62 * t.chars().count() as f32), size * 1.2);
        let _ = write!(
            out,
            r#"<rect x="{:.1}" y="{:.1}" width="{bw:.1}" height="{bh:.1}" rx="{:.1}" fill="{}" fill-opacity="0.92"/>"#,
            x - bw / 2.0,
            y - bh / 2.0,
            bh / 2.0,
            hex(board.background)
        );
        let _ = write!(
            out,
            r#"<text class="coord" x="{x:.1}" y="{y:.1}" font-size="{size:.1}" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            hex(board.coord_color),
            esc(t)
        );
    }
    out.push_str("</svg>");
    out
}

/// The money in words.
fn coins(n: i64, currency: &str) -> String {
    format!("{n} {currency}")
}

/// The live part of a game's page (replaced on every change): the board, the players,
/// the clock, the wager, the result and the moves.
pub fn game_fragment(page: &GamePage, name: &dyn Fn(UserId) -> String) -> String {
    let mut out = String::with_capacity(60_000);
    let _ = write!(
        out,
        r#"<div class="live" data-version="{}" data-over="{}">"#,
        page.version,
        page.result.is_some()
    );
    out.push_str(r#"<div class="board-wrap">"#);
    out.push_str(&board_svg(&page.board, &page.piece_names, &page.title));
    out.push_str("</div><div class=\"side\">");
    let _ = write!(out, "<h1>{}</h1><ul class=\"players\">", esc(&page.title));
    for p in &page.players {
        let _ = write!(
            out,
            r#"<li class="player{}"><span class="seat">{}</span> <span class="name">{}</span>{}"#,
            if p.to_act { " to-act" } else { "" },
            esc(&p.seat),
            esc(&p.name),
            if p.to_act {
                " <span class=\"turn\">●</span>"
            } else {
                ""
            }
        );
        if p.escrow > 0 || p.net != 0 {
            let _ = write!(
                out,
                r#" <span class="money">({} {}, {} {})</span>"#,
                esc("escrow"),
                esc(&coins(
                    i64::try_from(p.escrow).unwrap_or(i64::MAX),
                    &page.currency
                )),
                esc("net"),
                esc(&coins(p.net, &page.currency))
            );
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    if let Some(deadline) = page.deadline {
        let _ = write!(
            out,
            r#"<p class="clock" data-deadline="{deadline}" aria-live="off"></p>"#
        );
    }
    if !page.wager.is_empty() {
        let _ = write!(out, r#"<p class="wager">{}</p>"#, text(&page.wager, name));
    }
    if let Some(r) = &page.result {
        let _ = write!(out, r#"<p class="result">{}</p>"#, text(r, name));
        // A finished game: its moves step by step, and its record.
        let _ = write!(
            out,
            r#"<p class="archive"><a href="{id}/moves">Step through the moves</a> · <a href="{id}/record.txt" download="game-{id}.txt">Download record</a></p>"#,
            id = page.id
        );
    }
    out.push_str(r#"<ol class="moves">"#);
    for m in &page.moves {
        let _ = write!(out, "<li>{}</li>", esc(m));
    }
    out.push_str("</ol></div></div>");
    out
}

/// A whole page around `body`.
pub fn page(title: &str, lang: &str, attrs: &str, body: &str) -> String {
    format!(
        r#"<!doctype html><html lang="{}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>{}</title><link rel="stylesheet" href="/static/app.css"></head><body{attrs}>{body}<script src="/static/app.js"></script></body></html>"#,
        esc(lang),
        esc(title)
    )
}

/// A game's page: the live part, and for a player the status line and the actions that
/// are not on a square.
pub fn game_page(
    page: &GamePage,
    name: &dyn Fn(UserId) -> String,
    events: &str,
    play: Option<&str>,
) -> String {
    let mut attrs = format!(r#" data-events="{}""#, esc(events));
    if let Some(p) = play {
        let _ = write!(attrs, r#" data-play="{}""#, esc(p));
    }
    let mut body = String::from(r#"<main id="game">"#);
    body.push_str(&game_fragment(page, name));
    body.push_str("</main>");
    if play.is_some() {
        body.push_str(
            r#"<section id="you"><p id="status" role="status" aria-live="polite"></p><div id="choices"></div><div id="others"></div></section>"#,
        );
    }
    body.push_str(r#"<p id="conn" class="conn" aria-live="polite"></p>"#);
    page_shell(&page.title, page.lang.code(), &attrs, &body)
}

fn page_shell(title: &str, lang: &str, attrs: &str, body: &str) -> String {
    page(title, lang, attrs, body)
}

/// A server's page: its games in progress and its finished games, each a link.
pub fn server_page(
    games: &ServerGames,
    base: &str,
    lang: &str,
    name: &dyn Fn(UserId) -> String,
) -> String {
    let mut body = String::from("<main class=\"list\"><h1>Jetan</h1><h2>In progress</h2><ul>");
    if games.playing.is_empty() {
        body.push_str("<li>None.</li>");
    }
    for g in &games.playing {
        let _ = write!(
            body,
            r#"<li><a href="{}/g/{}">{} — {}</a></li>"#,
            esc(base),
            g.id,
            esc(&g.title),
            text(&g.line, name)
        );
    }
    body.push_str("</ul><h2>Finished</h2><ul>");
    if games.finished.is_empty() {
        body.push_str("<li>None.</li>");
    }
    for g in &games.finished {
        let _ = write!(
            body,
            r#"<li><a href="{}/g/{}/moves">{} — {}</a></li>"#,
            esc(base),
            g.id,
            esc(&g.title),
            text(&g.line, name)
        );
    }
    let _ = write!(
        body,
        r#"</ul><p><a href="{}/standings">Standings</a></p></main>"#,
        esc(base)
    );
    page("Jetan", lang, "", &body)
}

/// A refusal: a title and a sentence, and no way to act.
pub fn refusal(title: &str, why: &str) -> String {
    page(
        title,
        "en",
        "",
        &format!(
            r#"<main class="refusal"><h1>{}</h1><p>{}</p></main>"#,
            esc(title),
            esc(why)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_is_escaped_and_only_typed_parts_become_tags() {
        let t = Text::strong(Text::words("<b>x</b>"))
            .and(" & ")
            .and(Text::code("y"))
            .and(" \"q\" 'a'\nnext");
        assert_eq!(
            text(&t, &|_| String::new()),
            "<strong>&lt;b&gt;x&lt;/b&gt;</strong> &amp; <code>y</code> &quot;q&quot; &#39;a&#39;<br>next"
        );
        // A mention is a name, escaped like any word.
        let m = jetan_core::mention(UserId(5));
        assert_eq!(text(&m, &|_| "<script>".into()), "@&lt;script&gt;");
        // Words a player typed are words: their Markdown makes no tag.
        assert_eq!(
            text(&Text::words("**a** `b`"), &|_| String::new()),
            "**a** `b`"
        );
    }
}
