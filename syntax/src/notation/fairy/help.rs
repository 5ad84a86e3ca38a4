//! The help of syntax findings in Fairy-Stockfish's terms, where the shared Betza grammar's
//! words would promise what the engine does not build.

use crate::SyntaxError;
use crate::diagnostic::codes;

/// `errors` of `text` with help in the engine's terms: a doubled atom the engine cannot make
/// ride (it rides only along W, F and N lines, as `fairy-no-moves` says) is better written
/// once. The characters the engine skips are said by `super::skipped`.
pub(super) fn in_engine_terms(text: &str, errors: &mut [SyntaxError]) {
    for error in errors {
        let code = error.code();
        if code == codes::RANGE_ON_DOUBLED_ATOM
            && let Some(atom) = text[..usize::from(error.range.start())].chars().next_back()
            && !matches!(atom, 'W' | 'F' | 'N' | 'K' | 'R' | 'B' | 'Q')
        {
            error.help = Some(format!(
                "write `{atom}` for the single leap: Fairy-Stockfish has no `{atom}` rider"
            ));
        }
    }
}
