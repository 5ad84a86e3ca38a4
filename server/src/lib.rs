//! The `betza` command's parts: the command line (`cli`) and the language server (`lsp`). They
//! adapt `betza-syntax` to a terminal and to the protocol and hold no notation knowledge of their
//! own. A library so that benches and fuzz targets can drive them in-process.

/// A line on standard error that never panics: a closed or full stderr loses the line, and the
/// command's own exit status still says how it went (`eprintln!` would panic instead).
macro_rules! say {
    ($($message:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($message)*);
    }};
}

pub mod cli;
pub mod lsp;
