//! Diagnostics with source positions: `FILE:LINE:COL: error: MESSAGE`, the source line, a caret
//! under the offending text, and a help line when there is a fix.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Warning,
    /// Context for the errors before it.
    Note,
}

/// One diagnostic. `col` and `len` are in characters, 1-based column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub len: usize,
    pub message: String,
    pub help: Option<String>,
    /// The source line, for the caret display.
    pub source: String,
}

impl Diagnostic {
    /// The first line alone: `FILE:LINE:COL: error: MESSAGE`.
    pub fn headline(&self) -> String {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        format!("{}:{}:{}: {}: {}", self.file, self.line, self.col, sev, self.message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.headline())?;
        let src = self.source.trim_end_matches(['\r', '\n']);
        if !src.is_empty() {
            // One display character per source character, so the caret lines up: blanks for
            // tabs, `.` for control bytes and undecodable bytes (never raw bytes to a terminal).
            let shown: String = src
                .chars()
                .map(|c| match c {
                    '\t' => ' ',
                    c if c.is_control() || c == char::REPLACEMENT_CHARACTER => '.',
                    c => c,
                })
                .collect();
            writeln!(f, "  {shown}")?;
            let pad = self.col.saturating_sub(1).min(src.chars().count());
            writeln!(f, "  {}{}", " ".repeat(pad), "^".repeat(self.len.max(1)))?;
        }
        if let Some(h) = &self.help {
            writeln!(f, "  help: {h}")?;
        }
        Ok(())
    }
}
