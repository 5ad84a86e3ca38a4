//! How a command ends: its output written whole to stdout, and the exit statuses it ends with
//! when the input or the output fails.

use std::io::Write as _;
use std::process::ExitCode;

/// Exit status when the input or an argument is bad (clap uses the same for usage errors).
pub(super) const EXIT_BAD_INPUT: u8 = 2;

/// Exit status when the output cannot be written (sysexits' EX_IOERR).
pub(super) const EXIT_OUTPUT: u8 = 74;

/// The exit status of a command whose output could not be written. A reader that went away
/// (`| head`) ends the command quietly, as Unix tools do; any other failure (`> /dev/full`) is
/// said on stderr.
pub(super) fn output_failed(error: &std::io::Error) -> ExitCode {
    if error.kind() != std::io::ErrorKind::BrokenPipe {
        say!("error: cannot write the output: {error}");
    }
    ExitCode::from(EXIT_OUTPUT)
}

/// Writes a command's output to standard output whole, or gives the exit status that says it
/// could not.
pub(super) fn print(text: &str) -> Result<(), ExitCode> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|error| output_failed(&error))
}
