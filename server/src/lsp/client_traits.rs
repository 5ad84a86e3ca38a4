//! What a client does that its capabilities do not say, known by its name and version
//! (`clientInfo`): the few editors whose behaviour the server adapts to.

use tower_lsp_server::ls_types::InitializeParams;

/// Whether the client shows a document it is asked to (`window/showDocument`): one whose
/// capabilities say so, or Helix from 24.03 on, which opens the document without saying so
/// (its capabilities list the request only in versions after 25.07).
pub fn shows_documents(params: &InitializeParams) -> bool {
    let advertised = params
        .capabilities
        .window
        .as_ref()
        .and_then(|w| w.show_document.as_ref())
        .is_some_and(|s| s.support);
    advertised
        || params.client_info.as_ref().is_some_and(|client| {
            client.name == "helix"
                && client
                    .version
                    .as_deref()
                    .is_some_and(|version| release(version) >= Some((24, 3)))
        })
}

/// The year and month of a release named `YY.MM` (`25.01.1`, `24.03 (abc123)`).
fn release(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.split(|c: char| !c.is_ascii_digit());
    let year = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    Some((year, month))
}

/// Whether completion labels should say what each letter is: Helix 25 shows only labels and
/// kinds (neither `labelDetails` nor `detail`).
pub fn describes_labels(params: &InitializeParams) -> bool {
    params
        .client_info
        .as_ref()
        .is_some_and(|client| client.name == "helix")
}

/// Whether the client asks for each document's diagnostics (`textDocument/diagnostic`), and
/// whether it asks again for all when told they changed (`workspace/diagnostic/refresh`).
pub fn pulls_diagnostics(params: &InitializeParams) -> (bool, bool) {
    let capabilities = &params.capabilities;
    let pulls = capabilities
        .text_document
        .as_ref()
        .is_some_and(|text| text.diagnostic.is_some());
    let refreshes = capabilities
        .workspace
        .as_ref()
        .and_then(|workspace| workspace.diagnostics.as_ref())
        .and_then(|diagnostics| diagnostics.refresh_support)
        .unwrap_or(false);
    (pulls, pulls && refreshes)
}

#[cfg(test)]
mod tests {
    use super::{release, shows_documents};
    use tower_lsp_server::ls_types::{ClientInfo, InitializeParams};

    fn helix(version: &str) -> InitializeParams {
        InitializeParams {
            client_info: Some(ClientInfo {
                name: "helix".into(),
                version: Some(version.into()),
            }),
            ..InitializeParams::default()
        }
    }

    /// Helix shows documents from 24.03 on, whatever its capabilities say; before, it answers
    /// the request with an error.
    #[test]
    fn helix_shows_documents_from_24_03_on() {
        assert_eq!(release("25.01.1"), Some((25, 1)));
        assert_eq!(release("24.03 (a1b2c3)"), Some((24, 3)));
        assert!(shows_documents(&helix("25.01.1")));
        assert!(shows_documents(&helix("24.03")));
        assert!(!shows_documents(&helix("23.10")));
        assert!(!shows_documents(&helix("master")));
        assert!(!shows_documents(&InitializeParams::default()));
    }
}
