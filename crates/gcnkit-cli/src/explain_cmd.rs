//! `gcnkit explain MNEMONIC`: everything the table knows about an instruction.

use gcnkit::Arch;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// GPU; without it, every arch that has the instruction is shown.
    #[arg(short, long, value_parser = crate::parse_arch)]
    arch: Option<Arch>,
    /// CLRX or LLVM mnemonic, with or without _e32/_e64.
    mnemonic: String,
}

pub fn run(a: Args) -> ExitCode {
    match gcnkit::explain::explain(a.arch, &a.mnemonic) {
        Ok(text) => {
            out!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: {}", e.message);
            if let Some(h) = e.help {
                errln!("  help: {h}");
            }
            ExitCode::from(1)
        }
    }
}
