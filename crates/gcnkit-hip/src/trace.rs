//! `GCNKIT_TRACE=FILTER` (`gcnkit exec --trace FILTER`): the instruction trace of every launch
//! of the kernels whose names match FILTER, on stderr, as `gcnkit run --trace` prints it.
//! FILTER is found anywhere in a kernel's (mangled) name: `saxpy` finds `_Z5saxpyfPKfPf`;
//! `*`, `?` and `[...]` match as in the shell (`*` alone: every kernel).
//! `GCNKIT_TRACE_GROUP=X,Y,Z`, `GCNKIT_TRACE_WAVE=N` and `GCNKIT_TRACE_PC=START-END` narrow
//! it as `run`'s `--trace-group`, `--trace-wave` and `--trace-pc` do.

use gcnkit::emu::kernel::{parse_group_id, parse_pc_range, TraceFilter};

/// Which launches are traced, and which of their waves and instructions.
pub struct Trace {
    pattern: glob::Pattern,
    filter: TraceFilter,
}

impl Trace {
    /// What to trace of a launch of kernel `name`: nothing unless FILTER matches it.
    pub fn of(&self, name: &str) -> Option<TraceFilter> {
        self.pattern.matches(name).then_some(self.filter)
    }
}

/// The trace the environment asks for; a value it cannot read is said once and nothing is
/// traced.
pub fn from_env() -> Option<Trace> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let t = parse(
        &var("GCNKIT_TRACE")?,
        var("GCNKIT_TRACE_GROUP").as_deref(),
        var("GCNKIT_TRACE_WAVE").as_deref(),
        var("GCNKIT_TRACE_PC").as_deref(),
    );
    t.map_err(|e| eprintln!("gcnkit-hip: GCNKIT_TRACE: {e}; no trace")).ok()
}

fn parse(filter: &str, group: Option<&str>, wave: Option<&str>, pc: Option<&str>) -> Result<Trace, String> {
    // Found anywhere in the name: a `*` before and after it (unless it has one there).
    let (head, tail) = (
        if filter.starts_with('*') { "" } else { "*" },
        if filter.ends_with('*') { "" } else { "*" },
    );
    let pattern = glob::Pattern::new(&format!("{head}{filter}{tail}")).map_err(|e| format!("{filter}: {e}"))?;
    // The same readers as `run`'s and `exec`'s options.
    let group = group
        .map(parse_group_id)
        .transpose()
        .map_err(|e| format!("group {e}"))?;
    let wave = wave
        .map(|w| w.trim().parse().map_err(|_| format!("wave {w}: not a wave number")))
        .transpose()?;
    let pc = pc.map(parse_pc_range).transpose().map_err(|e| format!("pc {e}"))?;
    Ok(Trace {
        pattern,
        filter: TraceFilter { group, wave, pc },
    })
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn filters_match_inside_names_and_as_globs() {
        let t = parse("saxpy", None, None, None).unwrap();
        assert!(t.of("_Z5saxpyfPKfPf").is_some());
        assert!(t.of("_Z4axpyfPKfPf").is_none());
        let t = parse("*", None, None, None).unwrap();
        assert!(t.of("anything").is_some());
        let t = parse("_Z?saxpy", Some("1,2"), Some("3"), Some("0x100-0x180")).unwrap();
        let f = t.of("_Z5saxpyfPKfPf").unwrap();
        assert_eq!(
            (f.group, f.wave, f.pc),
            (Some([1, 2, 0]), Some(3), Some((0x100, 0x180)))
        );
        assert!(t.of("x_Z12saxpy").is_none(), "? is one character");
        assert!(parse("k", Some("1,x"), None, None).is_err());
        assert!(parse("k", None, None, Some("12")).is_err());
        assert!(parse("[", None, None, None).is_err());
    }
}
