//! The protocol side: capabilities, document events and requests, each delegated to a handler.
//! Handlers run one at a time (the server's concurrency is 1), so edits apply in order; every
//! handler runs behind a panic guard that turns a panic into an error response and a log line.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc::UnboundedSender;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::framing::Frame;
use super::handlers::{
    code_actions, completion, diagnostics, hover, macros, semantic_tokens, symbols,
};
use super::position::{Encoding, to_offset, to_position};
use super::state::{Document, Settings};

#[derive(Debug, Default)]
struct State {
    documents: std::collections::HashMap<Uri, Document>,
    settings: Settings,
    encoding: Option<Encoding>,
    delivery: diagnostics::Delivery,
}

pub struct Backend {
    client: Client,
    state: Mutex<State>,
    shut_down: Arc<AtomicBool>,
    /// Whole frames for the client, written out as they come: every diagnostics notification
    /// goes this way (see handlers/diagnostics.rs), so they stay in order among themselves.
    frames: UnboundedSender<Frame>,
}

impl Backend {
    pub fn new(client: Client, shut_down: Arc<AtomicBool>, frames: UnboundedSender<Frame>) -> Self {
        Backend {
            client,
            state: Mutex::new(State::default()),
            shut_down,
            frames,
        }
    }

    /// Runs `work` on the state, turning a panic into an internal error.
    fn with_state<T>(&self, name: &str, work: impl FnOnce(&mut State) -> Result<T>) -> Result<T> {
        let mut state = match self.state.lock() {
            Ok(state) => state,
            Err(poisoned) => poisoned.into_inner(),
        };
        match catch_unwind(AssertUnwindSafe(|| work(&mut state))) {
            Ok(result) => result,
            Err(_) => {
                eprintln!(
                    "betza lsp: {name} failed unexpectedly; the request is answered with an error"
                );
                Err(Error::internal_error())
            }
        }
    }

    /// Sends the document's diagnostics, or clears them once it is closed.
    fn publish(&self, uri: &Uri) {
        let published = self.with_state("diagnostics", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            Ok(diagnostics::publish_frame(
                uri,
                state.documents.get_mut(uri),
                encoding,
                state.delivery,
            ))
        });
        if let Ok(frame) = published {
            let _ = self.frames.send(frame);
        }
    }
}

/// Parameters of `betza/documentText`.
#[derive(Debug, serde::Deserialize)]
pub struct DocumentTextParams {
    pub uri: Uri,
}

impl Backend {
    /// `betza/documentText`: the server's copy of an open document, so a client (or a test)
    /// can check that no edit was lost.
    pub async fn document_text(&self, params: DocumentTextParams) -> Result<String> {
        self.with_state("documentText", |state| {
            state
                .documents
                .get(&params.uri)
                .map(|d| d.rope.to_string())
                .ok_or_else(|| Error::invalid_params("the document is not open"))
        })
    }
}

/// The document and the byte offset of a position in it, or the protocol error for a request
/// about an unknown document or a line past its end.
fn locate<'a>(
    state: &'a State,
    uri: &Uri,
    position: Position,
) -> Result<(&'a Document, usize, Encoding)> {
    let encoding = state.encoding.unwrap_or(Encoding::Utf16);
    let document = state
        .documents
        .get(uri)
        .ok_or_else(|| Error::invalid_params(format!("{} is not open", uri.as_str())))?;
    let offset = to_offset(&document.rope, position, encoding)
        .ok_or_else(|| Error::invalid_params("the position is past the end of the document"))?;
    Ok((document, offset, encoding))
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let offers_utf8 = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
        let encoding = if offers_utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
        // A client of ours takes diagnostics as deltas (handlers/diagnostics/deltas.rs).
        let delivery = match params
            .capabilities
            .experimental
            .as_ref()
            .and_then(|e| e.get(diagnostics::deltas::CAPABILITY))
        {
            Some(serde_json::Value::Bool(true)) => diagnostics::Delivery::Deltas,
            _ => diagnostics::Delivery::Whole,
        };
        let settings: Settings = params
            .initialization_options
            .and_then(|o| serde_json::from_value(o).ok())
            .unwrap_or_default();
        self.with_state("initialize", |state| {
            state.encoding = Some(encoding);
            state.settings = settings;
            state.delivery = delivery;
            Ok(())
        })?;
        Ok(InitializeResult {
            offset_encoding: None,
            server_info: Some(ServerInfo {
                name: "betza".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            capabilities: ServerCapabilities {
                position_encoding: Some(match encoding {
                    Encoding::Utf8 => PositionEncodingKind::UTF8,
                    Encoding::Utf16 => PositionEncodingKind::UTF16,
                }),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions::default()),
                document_symbol_provider: Some(OneOf::Left(true)),
                definition_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                document_highlight_provider: Some(OneOf::Left(true)),
                rename_provider: Some(OneOf::Right(RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                })),
                code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: vec![code_actions::EXPLAIN.into()],
                    ..ExecuteCommandOptions::default()
                }),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: semantic_tokens::legend(),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            range: Some(true),
                            ..SemanticTokensOptions::default()
                        },
                    ),
                ),
                // Said only to a client that asked: it means "diagnostics come as deltas".
                experimental: (delivery == diagnostics::Delivery::Deltas)
                    .then(|| serde_json::json!({ diagnostics::deltas::CAPABILITY: true })),
                ..ServerCapabilities::default()
            },
        })
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let _ = self.with_state("didOpen", |state| {
            let document = Document::new(
                &params.text_document.uri,
                params.text_document.text,
                params.text_document.version,
                &params.text_document.language_id,
                &state.settings,
            );
            state.documents.insert(params.text_document.uri, document);
            Ok(())
        });
        self.publish(&uri);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let _ = self.with_state("didChange", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let settings = state.settings.clone();
            if let Some(document) = state.documents.get_mut(&params.text_document.uri) {
                document.apply(
                    params.content_changes,
                    params.text_document.version,
                    encoding,
                    &settings,
                );
            }
            Ok(())
        });
        self.publish(&uri);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let _ = self.with_state("didClose", |state| {
            state.documents.remove(&params.text_document.uri);
            Ok(())
        });
        self.publish(&params.text_document.uri);
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let settings = params
            .settings
            .get("betza")
            .cloned()
            .unwrap_or(params.settings);
        let Ok(settings) = serde_json::from_value::<Settings>(settings) else {
            return;
        };
        let uris = self
            .with_state("didChangeConfiguration", |state| {
                state.settings = settings.clone();
                let uris: Vec<Uri> = state.documents.keys().cloned().collect();
                for document in state.documents.values_mut() {
                    document.reanalyse(&settings);
                }
                Ok(uris)
            })
            .unwrap_or_default();
        for uri in &uris {
            self.publish(uri);
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        self.with_state("hover", |state| {
            let (document, offset, encoding) = locate(state, &at.text_document.uri, at.position)?;
            Ok(hover::hover(document, offset, encoding, &state.settings))
        })
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        self.with_state("completion", |state| {
            let (document, offset, encoding) = locate(state, &at.text_document.uri, at.position)?;
            // A position past its line's end means the line's end: edits go where the cursor is.
            let cursor = to_position(&document.rope, offset, encoding);
            let items = completion::completion(document, offset, cursor);
            Ok((!items.is_empty()).then_some(CompletionResponse::Array(items)))
        })
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.with_state("semanticTokens", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let document = state
                .documents
                .get(&params.text_document.uri)
                .ok_or_else(|| Error::invalid_params("the document is not open"))?;
            let data = semantic_tokens::tokens(document, encoding, 0, usize::MAX);
            Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        self.with_state("semanticTokensRange", |state| {
            let (document, start, encoding) =
                locate(state, &params.text_document.uri, params.range.start)?;
            let end = to_offset(&document.rope, params.range.end, encoding)
                .unwrap_or(document.rope.len_bytes());
            let data = semantic_tokens::tokens(document, encoding, start, end);
            Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        self.with_state("definition", |state| {
            let uri = &at.text_document.uri;
            let (document, offset, encoding) = locate(state, uri, at.position)?;
            let found = macros::definition(document, uri, offset, encoding);
            Ok((!found.is_empty()).then_some(GotoDefinitionResponse::Array(found)))
        })
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        self.with_state("references", |state| {
            let uri = &at.text_document.uri;
            let (document, offset, encoding) = locate(state, uri, at.position)?;
            let found = macros::references(
                document,
                uri,
                offset,
                encoding,
                params.context.include_declaration,
            );
            Ok((!found.is_empty()).then_some(found))
        })
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let at = params.text_document_position_params;
        self.with_state("documentHighlight", |state| {
            let (document, offset, encoding) = locate(state, &at.text_document.uri, at.position)?;
            let found = macros::highlights(document, offset, encoding);
            Ok((!found.is_empty()).then_some(found))
        })
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        self.with_state("prepareRename", |state| {
            let (document, offset, encoding) =
                locate(state, &params.text_document.uri, params.position)?;
            macros::prepare_rename(document, offset, encoding)
        })
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let at = params.text_document_position;
        self.with_state("rename", |state| {
            let uri = &at.text_document.uri;
            let (document, offset, encoding) = locate(state, uri, at.position)?;
            macros::rename(document, uri, offset, &params.new_name, encoding).map(Some)
        })
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.with_state("documentSymbol", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let document = state
                .documents
                .get(&params.text_document.uri)
                .ok_or_else(|| Error::invalid_params("the document is not open"))?;
            Ok(Some(DocumentSymbolResponse::Nested(symbols::symbols(
                document, encoding,
            ))))
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        self.with_state("codeAction", |state| {
            let uri = &params.text_document.uri;
            let (document, start, encoding) = locate(state, uri, params.range.start)?;
            let end = to_offset(&document.rope, params.range.end, encoding)
                .unwrap_or(document.rope.len_bytes());
            Ok(Some(code_actions::actions(
                document, uri, start, end, encoding,
            )))
        })
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        if params.command != code_actions::EXPLAIN {
            return Err(Error::invalid_params(format!(
                "unknown command `{}`",
                params.command
            )));
        }
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
        let text = self.with_state("explain", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let document = state
                .documents
                .get(&uri)
                .ok_or_else(|| Error::invalid_params("the document is not open"))?;
            let offset = usize::try_from(offset).unwrap_or(usize::MAX);
            Ok(
                hover::hover(document, offset, encoding, &state.settings).map(|h| {
                    match h.contents {
                        HoverContents::Markup(markup) => markup.value,
                        _ => String::new(),
                    }
                }),
            )
        })?;
        let Some(text) = text else {
            return Ok(None);
        };
        // The explanation goes to a file the client is asked to show; a client that cannot
        // show documents simply does not.
        let folder = std::env::temp_dir().join("betza-explain");
        let path = folder.join(format!("explain-{}.md", std::process::id()));
        if std::fs::create_dir_all(&folder)
            .and_then(|()| std::fs::write(&path, text))
            .is_err()
        {
            return Err(Error::internal_error());
        }
        if let Some(target) = Uri::from_file_path(&path) {
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
