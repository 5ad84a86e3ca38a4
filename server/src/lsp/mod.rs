//! `betza lsp`: the language server on stdio. It adapts the syntax crate to the protocol and
//! holds no notation knowledge of its own.

mod answers;
mod backend;
mod body;
mod client_traits;
mod dense;
mod explanation_file;
mod framing;
pub mod handlers;
mod header;
mod in_flight;
mod initialize;
mod jsonrpc;
mod lockers;
mod outbox;
mod position;
mod publishing;
mod request_ids;
mod skeleton;
mod snapshot;
mod state;
mod texts;
mod too_large;

#[cfg(test)]
mod abuse_tests;
/// The test client's framing, shared with the end-to-end tests.
#[cfg(test)]
#[path = "../../../tests/common/lsp_framing.rs"]
mod lsp_framing;
#[cfg(test)]
mod protocol_tests;
#[cfg(test)]
mod tests;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

use backend::Backend;

/// How many messages the protocol library works on at once. A cancellation acts only once it is
/// taken, so this many must leave room for it behind the requests a client leaves running
/// (one at a time, it would come after the request it cancels had run in full). The backend
/// keeps edits in order whatever the number.
pub const MESSAGES_AT_ONCE: usize = 8;

/// Serves the protocol on `input`/`output` until the client exits; returns whether `shutdown`
/// came first (the exit status is 0 then, 1 otherwise, per the specification).
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    // The framing layer's error replies go out around the protocol library.
    let (replies, reply_queue) = tokio::sync::mpsc::channel(outbox::QUEUED_FRAMES);
    let replies = outbox::Outbox::new(replies);
    let backend_outbox = replies.clone();
    // Documents' texts and long answers pass around the protocol library.
    let texts = texts::TakenTexts::default();
    let written_answers = answers::WrittenAnswers::default();
    let apart = (texts.clone(), written_answers.clone());
    let (service, socket) =
        LspService::new(move |client| Backend::new(client, flag, backend_outbox, apart));
    let (to_server, server_input) = tokio::io::duplex(1 << 16);
    // Room for a large file's diagnostics in one go, so they pass in one wake-up.
    let (server_output, from_server) = tokio::io::duplex(1 << 20);
    let server = Server::new(server_input, server_output, socket)
        .concurrency_level(MESSAGES_AT_ONCE)
        .serve(service);
    let in_flight = in_flight::InFlight::default();
    let stand_ins = request_ids::StandIns::default();
    let writer = framing::forward_output(
        from_server,
        replies.clone(),
        reply_queue,
        output,
        in_flight.clone(),
        stand_ins.clone(),
        written_answers,
    );
    let reader = framing::forward_input(input, to_server, replies, in_flight, stand_ins, texts);
    tokio::pin!(server, reader);
    let run = async {
        tokio::select! {
            // The server ended (exit): stop reading, whatever input is still pending.
            () = &mut server => {}
            // The input ended: the server sees end of input and finishes its work.
            () = &mut reader => (&mut server).await,
        }
    };
    tokio::join!(run, writer);
    shut_down.load(Ordering::SeqCst)
}

pub fn run() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            say!("error: cannot start the language server: {error}");
            return ExitCode::from(2);
        }
    };
    let clean = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    // Standard input may still be waited on by a blocking thread; do not wait for it.
    runtime.shutdown_background();
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
