//! Code actions that write a string for another reading (issue 44), each carrying a string
//! `convert` proved by generation: on an `engines-disagree` finding in a `variants.ini`, the
//! string Fairy-Stockfish plays as XBetza reads it; on a finding that XBoard reads a string
//! differently, the string XBoard plays as the notation means it; on any XBetza or
//! Fairy-Stockfish string, the shortest string of the same moves.

use super::Document;
use super::answers::{Action, ActionKind};
use crate::BetzaString;
use crate::convert::Reading;
use crate::diagnostic::{Code, Diagnostic};
use crate::host::Region;
use crate::lint::Edit;

/// A string written so that an engine plays the piece as the notation reads it.
pub(super) struct Port {
    /// The engine: `Fairy-Stockfish` or `XBoard`.
    pub engine: &'static str,
    /// Who reads the string as meant: `XBetza`, or the seed for XBoard.
    pub meaning: &'static str,
    /// The finding that says the engine reads it otherwise.
    pub code: Code,
    pub betza: String,
}

/// The ports for `piece`, read as `own`, proven, for the `findings` about it: an
/// `engines-disagree` in Fairy-Stockfish's reading, and an XBoard finding whose own fix does
/// not already write the same string (`own_fix`).
fn ports<'f>(
    string: &BetzaString,
    own: Reading,
    findings: impl Iterator<Item = &'f Diagnostic>,
    own_fix: impl Fn(&Diagnostic, &str) -> bool,
) -> Vec<Port> {
    let mut out = Vec::new();
    let mut said: Vec<Reading> = Vec::new();
    for finding in findings {
        let Some((meant, engine)) = own.port_for(finding.code) else {
            continue;
        };
        if said.contains(&engine) {
            continue;
        }
        said.push(engine);
        if let Some(betza) = string.converted(meant, engine)
            && !own_fix(finding, &betza)
        {
            out.push(Port {
                engine: engine.reader(),
                // Read as written: as the string's own notation means it.
                meaning: if meant == own {
                    crate::registry::notation(own.dialect()).reader()
                } else {
                    meant.reader()
                },
                code: finding.code,
                betza,
            });
        }
    }
    out
}

/// The ports of the string `region` holds, for the hover: what to write for each engine that
/// reads it otherwise, said once per engine.
pub(super) fn ports_of(document: &Document, region: &Region) -> Vec<Port> {
    let Some(own) = Reading::of_dialect(region.dialect) else {
        return Vec::new();
    };
    let string = document.string(&document.region_text(region), region.dialect);
    let findings = (document.diagnostics().iter()).filter(|d| region.range.contains_range(d.range));
    ports(&string, own, findings, |_, _| false)
}

/// The conversions offered for the string at byte `offset` of `document`, each replacing the
/// whole string.
pub(super) fn actions(document: &Document, offset: usize) -> Vec<Action> {
    let Some(region) = document.region_at(offset) else {
        return Vec::new();
    };
    let Some(own) = Reading::of_dialect(region.dialect) else {
        return Vec::new();
    };
    let text = document.region_text(region);
    let string = document.string(&text, region.dialect);
    let replace = |betza: String| {
        vec![Edit {
            range: region.range,
            text: betza,
        }]
    };
    let here = (document.diagnostics().iter())
        .filter(|d| usize::from(d.range.start()) <= offset && offset <= usize::from(d.range.end()));
    // A finding's own fix that already writes this string is not offered twice.
    let own_fix = |finding: &Diagnostic, betza: &str| {
        finding.fix.as_ref().is_some_and(|fix| {
            fix.edits.len() == 1 && fix.edits[0].range == region.range && fix.edits[0].text == betza
        })
    };
    let mut out: Vec<Action> = (ports(&string, own, here, own_fix).into_iter())
        .map(|port| Action {
            title: format!(
                "Write it for {} as {} reads it: `{}` ({})",
                port.engine, port.meaning, port.betza, port.code
            ),
            kind: ActionKind::QuickFix { code: port.code },
            edits: replace(port.betza),
        })
        .collect();
    // A string with a syntax error has its own fix, which says what is wrong; the shortest
    // string would be the same edit without the reason.
    if let Some(betza) = (!string.parse().has_errors())
        .then(|| string.converted(own, own))
        .flatten()
        .filter(|betza| betza.len() < text.len())
    {
        out.push(Action {
            title: format!("Rewrite `{text}` as the shortest equivalent: `{betza}`"),
            kind: ActionKind::Rewrite,
            edits: replace(betza),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Options;

    /// The conversion actions at the first `at` of `text` in a file `name`: title and new string.
    fn offered(name: &str, text: &str, at: &str) -> Vec<(String, String)> {
        let document = Document::new(name, "", text, &Options::default());
        let offset = text.find(at).expect("the string");
        actions(&document, offset)
            .into_iter()
            .map(|a| (a.title, a.edits[0].text.clone()))
            .collect()
    }

    /// Issue 44: `mafsW` is XBetza's Xiangqi horse; Fairy-Stockfish skips the `a` and reads a
    /// Wazir, so the engines disagree. The fix writes `nN`, which Fairy-Stockfish reads as the
    /// lame knight (reference/fairy-stockfish.md), proven by generation in `convert`.
    #[test]
    fn an_engines_disagree_finding_offers_the_string_fairy_stockfish_plays() {
        let found = offered(
            "variants.ini",
            "[v:chess]\ncustomPiece1 = a:mafsW\n",
            "mafsW",
        );
        assert!(
            found.contains(&(
                "Write it for Fairy-Stockfish as XBetza reads it: `nN` (engines-disagree)"
                    .to_owned(),
                "nN".to_owned()
            )),
            "{found:?}"
        );
    }

    /// Issue 44: atoms combined, `WF` is `K`, in the string's own reading.
    #[test]
    fn any_string_can_be_rewritten_shortest() {
        let found = offered("p.betza", "WF\n", "WF");
        assert_eq!(
            found,
            [(
                "Rewrite `WF` as the shortest equivalent: `K`".to_owned(),
                "K".to_owned()
            )]
        );
        // Already shortest: nothing offered.
        assert!(offered("p.betza", "K\n", "K").is_empty());
        // Broken: its own fix says what is wrong (`remove m`), no rewrite beside it.
        assert!(offered("variants.ini", "[v:chess]\ncustomPiece1 = a:Nm\n", "Nm").is_empty());
    }

    /// Issue 44: XBoard does not distribute the leading `v` of `vrN` as seed 000 does
    /// (reference/xboard.md); `convert` proves the string XBoard reads as the seed reads this.
    #[test]
    fn an_xboard_finding_offers_the_string_xboard_plays() {
        let found = offered("p.betza", "vrN\n", "vrN");
        assert!(
            found.contains(&(
                "Write it for XBoard as the XBetza description reads it: `rN` (xboard-reads-differently)"
                    .to_owned(),
                "rN".to_owned()
            )),
            "{found:?}"
        );
    }

    /// Issue 44: `NN` read by XBoard is two Knights; its finding's own fix writes `N0`, which
    /// `convert` proves too: the same string is not offered twice.
    #[test]
    fn an_xboard_finding_whose_own_fix_ports_it_is_not_offered_again() {
        let found = offered("p.betza", "NN\n", "NN");
        assert!(
            found
                .iter()
                .all(|(title, _)| !title.starts_with("Write it for XBoard")),
            "{found:?}"
        );
    }
}
