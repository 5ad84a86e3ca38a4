//! Code actions that write a string for another reading (issue 44), each carrying a string
//! `convert` proved by generation: on an `engines-disagree` finding in a `variants.ini`, the
//! string Fairy-Stockfish plays as XBetza reads it; on a finding that XBoard reads a string
//! differently, the string XBoard plays as the notation means it; on any XBetza or
//! Fairy-Stockfish string, the shortest string of the same moves.

use super::Document;
use super::answers::{Action, ActionKind};
use crate::BetzaString;
use crate::TextRange;
use crate::convert::Reading;
use crate::diagnostic::Promise;
use crate::diagnostic::{Code, Diagnostic};
use crate::host::Region;
use crate::lint::{Edit, Fix};

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
/// `engines-disagree` on an XBetza string, and an XBoard finding; none for an engine that a
/// fix offered beside them already makes read the string as meant (`served`).
fn ports<'f>(
    string: &BetzaString,
    own: Reading,
    findings: impl Iterator<Item = &'f Diagnostic>,
    served: impl Fn(Reading) -> bool,
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
        if served(engine) {
            continue;
        }
        if let Some(betza) = string.converted(meant, engine) {
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
    ports(&string, own, findings, |_| false)
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
    let here: Vec<&Diagnostic> = (document.diagnostics().iter())
        .filter(|d| usize::from(d.range.start()) <= offset && offset <= usize::from(d.range.end()))
        .collect();
    // One fix per intent: an engine that a finding's own fix here already makes read the
    // string as meant (`NN` → `N0`, `mafsW` without the skipped `a`) gets no port beside it,
    // and the shortest string is not offered again when a fix writes it.
    let fixed = fixed_strings(region, &text, &here);
    let served = |engine: Reading| {
        let mut original = string.original();
        fixed
            .iter()
            .any(|fixed| original.same_as(fixed, engine) == Some(true))
    };
    let mut written: Vec<String> = fixed.clone();
    let mut out: Vec<Action> = (ports(&string, own, here.into_iter(), served).into_iter())
        .map(|port| {
            written.push(port.betza.clone());
            Action {
                title: format!(
                    "Write it for {} as {} reads it: `{}` ({})",
                    port.engine, port.meaning, port.betza, port.code
                ),
                kind: ActionKind::QuickFix { code: port.code },
                edits: replace(port.betza),
            }
        })
        .collect();
    // A string with a syntax error has its own fix, which says what is wrong; the shortest
    // string would be the same edit without the reason.
    if let Some(betza) = (!string.parse().has_errors())
        .then(|| string.converted(own, own))
        .flatten()
        .filter(|betza| betza.len() < text.len() && !written.contains(betza))
    {
        out.push(Action {
            title: format!("Rewrite `{text}` as the shortest equivalent: `{betza}`"),
            kind: ActionKind::Rewrite,
            edits: replace(betza),
        });
    }
    out
}

/// The string each finding's fix in `here` makes of the string in `region` (`text`), where
/// its edits stay inside it and it keeps the string's moves (every fix but an intended change
/// is proven to).
fn fixed_strings(region: &Region, text: &str, here: &[&Diagnostic]) -> Vec<String> {
    let start = region.range.start();
    here.iter()
        .filter(|d| d.code.fix != Some(Promise::Intended))
        .filter_map(|d| {
            let edits = (d.fix.as_ref()?.edits.iter())
                .map(|edit| {
                    region.range.contains_range(edit.range).then(|| Edit {
                        range: TextRange::new(edit.range.start() - start, edit.range.end() - start),
                        text: edit.text.clone(),
                    })
                })
                .collect::<Option<Vec<Edit>>>()?;
            Some(
                Fix {
                    title: String::new(),
                    edits,
                }
                .apply(text),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Options;
    use crate::lint::Engine;

    /// The conversion actions at the first `at` of `text` in a file `name`: title and new string.
    fn offered(name: &str, text: &str, at: &str) -> Vec<(String, String)> {
        offered_with(name, text, at, &Options::default())
    }

    fn offered_with(name: &str, text: &str, at: &str, options: &Options) -> Vec<(String, String)> {
        let document = Document::new(name, "", text, options);
        let offset = text.find(at).expect("the string");
        actions(&document, offset)
            .into_iter()
            .map(|a| (a.title, a.edits[0].text.clone()))
            .collect()
    }

    /// Issue 44: `mafsW` is XBetza's Xiangqi horse; Fairy-Stockfish skips the `a` and reads a
    /// Wazir, so the engines disagree. For an XBetza piece bound for Fairy-Stockfish, the fix
    /// writes `nN`, which Fairy-Stockfish reads as the lame knight
    /// (reference/fairy-stockfish.md), proven by generation in `convert`.
    #[test]
    fn an_engines_disagree_finding_offers_the_string_fairy_stockfish_plays() {
        let options = Options {
            engines: Some(vec![Engine::XBoard, Engine::FairyStockfish]),
            ..Options::default()
        };
        let found = offered_with("p.betza", "mafsW\n", "mafsW", &options);
        assert!(
            found.contains(&(
                "Write it for Fairy-Stockfish as the XBetza description reads it: `nN` \
                 (engines-disagree)"
                    .to_owned(),
                "nN".to_owned()
            )),
            "{found:?}"
        );
    }

    /// Issue 54: in a `variants.ini` the game is what Fairy-Stockfish plays. CwDA's `fsRbK`
    /// (pychess-variants.ini): XBoard, which the engine sends the string to, reads `bK` as
    /// `bW` alone; the fix keeps Fairy-Stockfish's backward diagonal steps and spells them so
    /// that XBoard reads them too (`betza convert fsRbK --from fairy --to xboard`). Nothing
    /// offers a string of the XBetza description's reading, which no engine here plays.
    #[test]
    fn in_a_variants_file_the_port_keeps_what_fairy_stockfish_plays() {
        let text = "[v:chess]\ncustomPiece1 = a:fsRbK\n";
        let found = offered("variants.ini", text, "fsRbK");
        assert_eq!(
            found,
            [(
                "Write it for XBoard as Fairy-Stockfish reads it: `WbFfsR` \
                 (xboard-reads-differently)"
                    .to_owned(),
                "WbFfsR".to_owned()
            )]
        );
    }

    /// Issue 54: one fix per intent. On the `a` of `sfmaW` in a `variants.ini`, the removal of
    /// the letter Fairy-Stockfish skips (`sfmW`) already makes XBoard read what
    /// Fairy-Stockfish plays, so no port (`fsmW`) is offered beside it; where no fix is (on
    /// the `s`), the port is. On `mafsW` removing the `a` leaves `mfsW`, whose `fs` XBoard
    /// drops (its order puts directions first), so the port stays beside it.
    #[test]
    fn a_port_that_a_fix_already_makes_is_not_offered() {
        let port = |betza: &str| {
            (
                format!(
                    "Write it for XBoard as Fairy-Stockfish reads it: `{betza}` \
                     (xboard-reads-differently)"
                ),
                betza.to_owned(),
            )
        };
        let text = "[v:chess]\ncustomPiece1 = a:sfmaW\n";
        assert!(!offered("variants.ini", text, "aW").contains(&port("fsmW")));
        assert!(offered("variants.ini", text, "sfmaW").contains(&port("fsmW")));
        let document = Document::new("variants.ini", "", text, &Options::default());
        let offset = text.find("aW").expect("the letter");
        let all = super::super::actions::actions(&document, offset, offset);
        assert_eq!(all[0].title, "remove `a` (fairy-skipped-letter)", "{all:?}");

        let text = "[v:chess]\ncustomPiece1 = a:mafsW\n";
        assert!(offered("variants.ini", text, "afsW").contains(&port("fsmW")));
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
