//! Input reading and atomic output: output files appear whole or not at all.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The temporary output file being written, if any: an interrupt (Ctrl-C, SIGTERM, SIGHUP)
/// removes it, so not even a hidden partial file is left behind.
static TEMP_FILE: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Installs the interrupt handler that removes [`TEMP_FILE`] and exits with 130 (once, when
/// the first temporary file is about to be made: before that, an interrupt has nothing to
/// clean up, and the handler's thread would only cost every short run its start).
fn remove_temp_file_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        if let Some(p) = TEMP_FILE.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = fs::remove_file(p);
        }
        std::process::exit(130);
    });
}

/// The reader of our stdout or stderr has gone (`| head`): the job is over. Ends the process
/// quietly with status 0, leaving no temporary file behind.
pub fn closed_pipe() -> ! {
    if let Some(p) = TEMP_FILE.lock().unwrap_or_else(|e| e.into_inner()).take() {
        let _ = fs::remove_file(p);
    }
    std::process::exit(0)
}

/// Writes to stdout (the `outln!`/`out!` macros); a closed pipe ends the job quietly.
pub fn write_stdout(args: std::fmt::Arguments) {
    if let Err(e) = io::stdout().lock().write_fmt(args) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            closed_pipe();
        }
    }
}

/// Writes to stderr (the `errln!`/`err!` macros); a closed pipe ends the job quietly.
pub fn write_stderr(args: std::fmt::Arguments) {
    if let Err(e) = io::stderr().lock().write_fmt(args) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            closed_pipe();
        }
    }
}

/// `println!` that ends the job quietly on a closed pipe.
#[macro_export]
macro_rules! outln {
    () => { $crate::io::write_stdout(format_args!("\n")) };
    ($($t:tt)*) => { $crate::io::write_stdout(format_args!("{}\n", format_args!($($t)*))) };
}

/// `print!` that ends the job quietly on a closed pipe.
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => { $crate::io::write_stdout(format_args!($($t)*)) };
}

/// `eprintln!` that ends the job quietly on a closed pipe.
#[macro_export]
macro_rules! errln {
    ($($t:tt)*) => { $crate::io::write_stderr(format_args!("{}\n", format_args!($($t)*))) };
}

/// `eprint!` that ends the job quietly on a closed pipe.
#[macro_export]
macro_rules! err {
    ($($t:tt)*) => { $crate::io::write_stderr(format_args!($($t)*)) };
}

/// Installs a panic hook that removes [`TEMP_FILE`] after the panic's message: the release
/// build aborts on a panic (no unwinding: `panic = "abort"`), so nothing else would. (A panic
/// is a bug; it must still leave no partial output behind.)
fn remove_temp_file_on_panic() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        // (Not `lock`: the panic may have come while this thread held it.)
        let held = match TEMP_FILE.try_lock() {
            Ok(g) => Some(g),
            Err(std::sync::TryLockError::Poisoned(e)) => Some(e.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => None,
        };
        if let Some(p) = held.and_then(|mut g| g.take()) {
            let _ = fs::remove_file(p);
        }
    }));
}

fn set_temp_file(p: Option<&Path>) {
    if p.is_some() {
        static HANDLER: std::sync::Once = std::sync::Once::new();
        HANDLER.call_once(|| {
            remove_temp_file_on_interrupt();
            remove_temp_file_on_panic();
        });
    }
    *TEMP_FILE.lock().unwrap_or_else(|e| e.into_inner()) = p.map(Path::to_path_buf);
}

/// Reads FILE, or stdin for `-`/absent. Returns the display name and the bytes.
pub fn read_input(file: Option<&str>) -> Result<(String, Vec<u8>), String> {
    match file {
        None | Some("-") => {
            let mut v = Vec::new();
            io::stdin()
                .read_to_end(&mut v)
                .map_err(|e| format!("<stdin>: error: {e}"))?;
            Ok(("<stdin>".to_string(), v))
        }
        Some(f) => fs::read(f)
            .map(|v| (f.to_string(), v))
            .map_err(|e| format!("{f}: error: {e}")),
    }
}

/// Opens FILE (or stdin for `-`/absent) for buffered, line-by-line reading.
pub fn open_input(file: Option<&str>) -> Result<(String, Box<dyn io::BufRead>), String> {
    match file {
        None | Some("-") => Ok((
            "<stdin>".to_string(),
            Box::new(io::BufReader::with_capacity(1 << 16, io::stdin())),
        )),
        Some(f) => fs::File::open(f)
            .map(|h| {
                (
                    f.to_string(),
                    Box::new(io::BufReader::with_capacity(1 << 16, h)) as Box<dyn io::BufRead>,
                )
            })
            .map_err(|e| format!("{f}: error: {e}")),
    }
}

/// Where output goes: stdout (streamed), or a temporary file renamed over `-o` on success.
pub enum Output {
    Stdout(io::BufWriter<io::StdoutLock<'static>>),
    Direct(io::BufWriter<fs::File>),
    File {
        tmp: PathBuf,
        dest: PathBuf,
        w: io::BufWriter<fs::File>,
    },
}

/// Output as a byte sink: the buffered writer underneath, whichever it is.
impl Write for Output {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.inner().write(b)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner().flush()
    }
}

impl Output {
    pub fn open(path: Option<&str>) -> Result<Output, String> {
        match path {
            None | Some("-") => Ok(Output::Stdout(io::BufWriter::with_capacity(
                1 << 16,
                io::stdout().lock(),
            ))),
            Some(p) => {
                let dest = PathBuf::from(p);
                // A device or pipe (`-o /dev/null`) is written in place: renaming a temporary
                // over it would replace the device.
                if fs::metadata(&dest).map(|m| !m.is_file()).unwrap_or(false) {
                    let f = fs::OpenOptions::new()
                        .write(true)
                        .open(&dest)
                        .map_err(|e| format!("{p}: error: cannot write: {e}"))?;
                    return Ok(Output::Direct(io::BufWriter::with_capacity(1 << 16, f)));
                }
                let dir = dest
                    .parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                let name = dest
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
                set_temp_file(Some(&tmp));
                let f = fs::File::create(&tmp).map_err(|e| {
                    set_temp_file(None);
                    format!("{p}: error: cannot write: {e}")
                })?;
                Ok(Output::File {
                    tmp,
                    dest,
                    w: io::BufWriter::with_capacity(1 << 16, f),
                })
            }
        }
    }

    /// A temporary file renamed into place at the end: output may be written as it is made,
    /// since a failed run removes it.
    pub fn is_temp_file(&self) -> bool {
        matches!(self, Output::File { .. })
    }

    fn inner(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::Direct(w) => w,
            Output::File { w, .. } => w,
        }
    }

    /// Success: flush and move the file into place.
    pub fn commit(self) -> Result<(), String> {
        match self {
            Output::Stdout(mut w) => w.flush().map_err(|e| format!("<stdout>: error: {e}")),
            Output::Direct(mut w) => w.flush().map_err(|e| format!("error: {e}")),
            Output::File { tmp, dest, mut w } => {
                let r = w.flush().and_then(|_| w.get_ref().sync_all());
                // Rename under the lock: an interrupt then sees either the temporary file or
                // nothing to remove, never a file that has just become the output.
                let mut guard = TEMP_FILE.lock().unwrap_or_else(|e| e.into_inner());
                let r = r.and_then(|_| fs::rename(&tmp, &dest));
                *guard = None;
                drop(guard);
                if let Err(e) = r {
                    let _ = fs::remove_file(&tmp);
                    return Err(format!("{}: error: {e}", dest.display()));
                }
                Ok(())
            }
        }
    }

    /// The command's end on success: commit, and exit 1 with the reason if that fails (a
    /// closed stdout pipe is the end of the job, not a failure).
    pub fn finish(self) -> std::process::ExitCode {
        if let Output::Stdout(mut w) = self {
            return match w.flush() {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    crate::errln!("<stdout>: error: {e}");
                    std::process::ExitCode::from(1)
                }
                Ok(()) => std::process::ExitCode::SUCCESS,
            };
        }
        match self.commit() {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(e) => {
                crate::errln!("{e}");
                std::process::ExitCode::from(1)
            }
        }
    }

    /// Failure: nothing is left behind (stdout has already streamed what it got).
    pub fn abandon(self) {
        match self {
            Output::Stdout(mut w) => {
                let _ = w.flush();
            }
            Output::Direct(mut w) => {
                let _ = w.flush();
            }
            Output::File { tmp, w, .. } => {
                drop(w);
                let _ = fs::remove_file(&tmp);
                set_temp_file(None);
            }
        }
    }
}
