//! The `betza.explain` command.

use betza_syntax::ide;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{ExecuteCommandParams, LSPAny, ShowDocumentParams, Uri};

use super::Backend;

impl Backend {
    /// `betza.explain`: the hover at a document's offset, written to a new file for the
    /// client to show.
    pub(super) async fn explain(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        let uri = params
            .arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok());
        let offset = params.arguments.get(1).and_then(serde_json::Value::as_u64);
        let (Some(uri), Some(offset)) = (uri, offset) else {
            return Err(Error::invalid_params(
                "expected a document URI and an offset",
            ));
        };
        let (text, shows_documents) = self
            .on_document("explain", &uri, move |open| {
                let offset = usize::try_from(offset).unwrap_or(usize::MAX);
                let hover = ide::hover::hover(&open.document, offset, open.settings.hover());
                Ok((hover.map(|h| h.markdown), open.shows_documents))
            })
            .await?;
        let Some(text) = text else {
            return Ok(None);
        };
        // The explanation goes to a new file: the client is asked to show it, or, when it
        // cannot show documents, opens the path the command returns.
        let path = self.explanations.write(&text).map_err(|error| Error {
            code: tower_lsp_server::jsonrpc::ErrorCode::InternalError,
            message: format!("cannot write the explanation to a new file: {error}").into(),
            data: None,
        })?;
        if shows_documents && let Some(target) = Uri::from_file_path(&path) {
            let client = self.client.clone();
            tokio::spawn(async move {
                let _ = client
                    .show_document(ShowDocumentParams {
                        uri: target,
                        external: Some(false),
                        take_focus: Some(true),
                        selection: None,
                    })
                    .await;
            });
        }
        Ok(Some(serde_json::json!(path.display().to_string())))
    }
}
