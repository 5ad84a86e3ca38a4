//! `betza convert BETZA --from D1 --to D2 [--json]`: the string another reading reads as the
//! original is read, proven by generation. Human output is the new string, then `exact` or
//! where it differs; `--json` prints `{"betza", "exact", "lost", "added", "difference"}`.

use std::process::ExitCode;

use betza_syntax::convert::{self, Conversion, Landing, Reading};
use serde_json::json;

use super::output::{EXIT_BAD_INPUT, print};
use super::report;

/// Everything `betza convert` was asked.
#[derive(Debug)]
pub struct Request {
    pub betza: String,
    pub from: Reading,
    pub to: Reading,
    pub json: bool,
}

pub fn run(request: &Request) -> ExitCode {
    let parse = betza_syntax::parse(&request.betza, request.from.dialect());
    report::eprint_syntax_errors("<betza>", &request.betza, parse.errors());
    let conversion = match convert::convert(&request.betza, request.from, request.to) {
        Ok(conversion) => conversion,
        Err(no_meaning) => {
            say!("error: {no_meaning}: nothing to convert");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let out = if request.json {
        json_output(&conversion)
    } else {
        human_output(&conversion)
    };
    match print(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(status) => status,
    }
}

/// The string, then `exact` or the difference in words.
fn human_output(conversion: &Conversion) -> String {
    let verdict = match &conversion.difference {
        _ if conversion.exact => "exact".to_owned(),
        Some(difference) => format!("not exact: {}", difference.words),
        None => "not exact".to_owned(),
    };
    format!("{}\n{verdict}\n", conversion.betza)
}

/// `{"betza", "exact", "lost", "added", "difference"}`: lost and added are the moves where the
/// readings first differ, each `{"to": "c6", "capturing": []}`; `difference` says where, in
/// words, or is null when exact.
fn json_output(conversion: &Conversion) -> String {
    let landings = |moves: &[Landing]| {
        moves
            .iter()
            .map(|m| {
                let capturing: Vec<String> = m.capturing.iter().map(ToString::to_string).collect();
                json!({"to": m.to.to_string(), "capturing": capturing})
            })
            .collect::<Vec<_>>()
    };
    let difference = conversion.difference.as_ref();
    let value = json!({
        "betza": conversion.betza,
        "exact": conversion.exact,
        "lost": difference.map(|d| landings(&d.lost)).unwrap_or_default(),
        "added": difference.map(|d| landings(&d.added)).unwrap_or_default(),
        "difference": difference.map(|d| d.words.clone()),
    });
    let mut text = value.to_string();
    text.push('\n');
    text
}
