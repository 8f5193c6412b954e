//! CLRX's line continuation: a `\` at the very end of a line joins the next line to it (as in
//! C, before comments are read: a `#` comment ending in `\` goes on, as with clrxasm). The
//! joined line is assembled as one; its diagnostics point at the physical line and column.

use super::Assembler;

/// A joined line: where each physical line starts in it.
#[derive(Debug, Default)]
pub(super) struct Joined {
    file: String,
    /// The first physical line's number (the joined line's).
    first: usize,
    text: String,
    /// Offset in `text`, physical line number, physical text (without its `\`).
    parts: Vec<(usize, usize, String)>,
}

/// The continuation state of one assembly.
#[derive(Debug, Default)]
pub(super) struct Splices {
    /// A line ending in `\`, waiting for the next.
    open: Option<Joined>,
    /// The joined lines seen (kept for their diagnostics; only lines that were joined).
    done: Vec<Joined>,
}

/// `src` without its final `\` if it has one.
fn continued(src: &str) -> Option<&str> {
    src.strip_suffix('\\')
}

impl Splices {
    /// Takes physical line `lineno` of `file`: `None` while it goes on, else the logical
    /// line (number and text) to assemble.
    fn take(&mut self, file: &str, lineno: usize, src: &str) -> Option<(usize, String)> {
        let more = continued(src);
        let piece = more.unwrap_or(src);
        let j = self.open.get_or_insert_with(|| Joined {
            file: file.to_string(),
            first: lineno,
            ..Default::default()
        });
        j.parts.push((j.text.len(), lineno, piece.to_string()));
        j.text.push_str(piece);
        if more.is_some() {
            return None;
        }
        self.finish()
    }

    /// The open joined line, if any (the input ended after a `\`).
    fn finish(&mut self) -> Option<(usize, String)> {
        let j = self.open.take()?;
        let out = (j.first, j.text.clone());
        if j.parts.len() > 1 {
            self.done.push(j);
        }
        Some(out)
    }

    /// The physical line, column offset and text of byte `at` of logical line `line` of
    /// `file`, if that line was joined.
    pub(super) fn locate(&self, file: &str, line: usize, at: usize) -> Option<(usize, usize, &str)> {
        let j = self.done.iter().rev().find(|j| j.first == line && j.file == file)?;
        let (off, n, text) = j.parts.iter().rev().find(|p| p.0 <= at)?;
        Some((*n, at - off, text))
    }
}

impl Assembler {
    /// A physical line of CLRX text: joined with the next ones while it ends in `\`.
    /// Returns the logical line to assemble, if complete.
    pub(super) fn splice(&mut self, lineno: usize, src: &str) -> Option<(usize, String)> {
        let file = self.file.clone();
        self.splices.take(&file, lineno, src)
    }

    /// Does this line need [`Assembler::splice`] (CLRX text, a `\` at its end or a line
    /// before it)?
    pub(super) fn splicing(&self, src: &str) -> bool {
        self.dialect != super::Dialect::Llvm && (src.ends_with('\\') || self.splices.open.is_some())
    }

    /// The end of the input: a line left open by a final `\`.
    pub(super) fn finish_splice(&mut self) -> Option<(usize, String)> {
        self.splices.finish()
    }
}

/// The logical lines of a whole text (an included file), CLRX's `\` continuations joined:
/// (first line number, text, parts when joined).
pub(super) fn join_text(file: &str, text: &str, splices: &mut Splices) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<Joined> = None;
    for (n, line) in text.lines().enumerate() {
        let lineno = n + 1;
        let piece = continued(line);
        if piece.is_none() && open.is_none() {
            out.push((lineno, line.to_string()));
            continue;
        }
        let j = open.get_or_insert_with(|| Joined {
            file: file.to_string(),
            first: lineno,
            ..Default::default()
        });
        let p = piece.unwrap_or(line);
        j.parts.push((j.text.len(), lineno, p.to_string()));
        j.text.push_str(p);
        if piece.is_none() {
            let j = open.take().expect("open");
            out.push((j.first, j.text.clone()));
            splices.done.push(j);
        }
    }
    if let Some(j) = open {
        out.push((j.first, j.text.clone()));
        splices.done.push(j);
    }
    out
}
