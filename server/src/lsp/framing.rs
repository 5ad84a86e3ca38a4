//! A framing layer in front of the protocol library. It reads `Content-Length` frames from the
//! client, passes JSON-RPC 2.0 messages on, answers a frame whose body is not JSON itself with a
//! -32700 parse error and one that is no JSON-RPC 2.0 message as [`super::jsonrpc`] says, so one
//! bad message cannot end the session (tower-lsp-server would answer and then stop reading). A
//! request id the library cannot carry goes under a stand-in, and its answer under the id again
//! ([`super::request_ids`]). On the way out it writes whole frames only, so the server's
//! messages and these replies never interleave.

use std::borrow::Cow;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use tokio::sync::mpsc::Receiver;

use serde_json::Value;

use super::answers::WrittenAnswers;
use super::body::{self, Body};
use super::dense::too_dense;
use super::header::{MAX_HEADER_LINE, content_length, framed, header};
use super::in_flight::InFlight;
use super::jsonrpc::Verdict;
use super::outbox::{Frame, Outbox};
use super::request_ids::StandIns;
use super::texts::{TakeOut, TakenTexts};
use super::too_large;

/// The largest body accepted; a larger announced length is answered as a parse error and its
/// bytes are skipped until the header of a next frame shows up among them.
const MAX_BODY: usize = 256 * 1024 * 1024;

pub fn frame(body: &[u8]) -> Vec<u8> {
    framed(body, Vec::new(), &[])
}

fn parse_error(detail: &str) -> Vec<u8> {
    frame(&super::jsonrpc::error_body(
        "null",
        -32700,
        &format!("Parse error: {detail}"),
    ))
}

/// One header line without its line break (at most [`MAX_HEADER_LINE`] bytes of it); `None` at
/// end of input.
async fn header_line<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    if (&mut *input)
        .take(MAX_HEADER_LINE)
        .read_until(b'\n', &mut line)
        .await?
        == 0
    {
        return Ok(None);
    }
    // Too long: the rest of the line goes unread into nothing.
    while !line.ends_with(b"\n") {
        let mut rest = Vec::new();
        let read = (&mut *input)
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut rest)
            .await?;
        if read == 0 {
            break;
        }
        if rest.ends_with(b"\n") {
            line.push(b'\n');
        }
    }
    let text = String::from_utf8_lossy(&line);
    Ok(Some(text.trim_end_matches(['\r', '\n']).to_owned()))
}

/// Reads one header block, whose first line may have been read already; returns the content
/// length, `Ok(None)` at end of input.
async fn read_headers<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
    first: Option<String>,
) -> std::io::Result<Option<Result<usize, String>>> {
    let mut length = first.as_deref().and_then(content_length);
    let mut any = first.is_some();
    loop {
        let Some(text) = header_line(input).await? else {
            return Ok(if any {
                Some(Err("the input ended inside a header".into()))
            } else {
                None
            });
        };
        if text.is_empty() {
            if any {
                return Ok(Some(
                    length.unwrap_or_else(|| Err("no Content-Length header".into())),
                ));
            }
            continue;
        }
        any = true;
        if let Some(found) = content_length(&text) {
            length = Some(found);
        }
    }
}

/// The characters kept from one piece of a skipped body to the next, so that a header cut
/// between two pieces is still seen whole: `Content-Length:` and a number of any length.
const HEADER_OVERLAP: usize = 64;

/// Skips the `length` bytes of a refused body as they arrive, watching for the header of a
/// next frame: a frame that announced gigabytes it never sends must not swallow the messages
/// after it. Returns the header line of the next frame when one shows up (its line read, the
/// rest of its header block not), `None` once the whole body is skipped.
async fn skip_body<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
    length: usize,
) -> std::io::Result<Option<String>> {
    let mut left = u64::try_from(length).unwrap_or(u64::MAX);
    let mut overlap = String::new();
    while left > 0 {
        let mut piece = Vec::new();
        let read = (&mut *input)
            .take(left.min(MAX_HEADER_LINE))
            .read_until(b'\n', &mut piece)
            .await?;
        if read == 0 {
            return Ok(None);
        }
        left = left.saturating_sub(u64::try_from(read).unwrap_or(u64::MAX));
        let text = overlap + &String::from_utf8_lossy(&piece);
        if piece.ends_with(b"\n") && content_length(&text).is_some() {
            return Ok(Some(text.trim_end_matches(['\r', '\n']).to_owned()));
        }
        let keep = text
            .char_indices()
            .rev()
            .nth(HEADER_OVERLAP - 1)
            .map_or(0, |(at, _)| at);
        overlap = text[keep..].to_owned();
    }
    Ok(None)
}

/// Client → server: well-formed frames go on; broken ones get a parse error reply. Documents'
/// texts are taken out of their messages on the way (see [`TakenTexts`]).
/// Requests an edit makes stale are cancelled on the way (see [`InFlight`]), and an `initialize`
/// whose capabilities the protocol library cannot read is mended first (see
/// [`super::initialize`]).
pub async fn forward_input<R, W>(
    input: R,
    mut to_server: W,
    replies: Outbox,
    in_flight: InFlight,
    stand_ins: StandIns,
    texts: TakenTexts,
) where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    // The header line of a frame found while skipping a refused body.
    let mut found = None;
    loop {
        let length = match read_headers(&mut input, found.take()).await {
            Ok(None) | Err(_) => break,
            Ok(Some(Err(detail))) => {
                replies.send(parse_error(&detail)).await;
                continue;
            }
            Ok(Some(Ok(length))) => length,
        };
        if length > MAX_BODY {
            replies.send(parse_error("the message is too large")).await;
            match skip_body(&mut input, length).await {
                Ok(next) => found = next,
                Err(_) => break,
            }
            continue;
        }
        let body = match body::read(&mut input, length).await {
            Ok(Some(Body::Whole(body))) => body,
            Ok(Some(Body::Cut { read, next_header })) => {
                replies
                    .send(parse_error(&format!(
                        "the message ended after {read} of the {length} bytes its \
                         Content-Length announced, where the next frame's header came"
                    )))
                    .await;
                found = Some(next_header);
                continue;
            }
            Ok(None) | Err(_) => break,
        };
        if too_dense(&body) {
            replies
                .send(frame(&super::jsonrpc::error_body(
                    "null",
                    -32600,
                    "Invalid Request: a message this large carries a document's text, not this \
                     many values",
                )))
                .await;
            continue;
        }
        match super::jsonrpc::check(&body) {
            Ok(Verdict::Answer(reply)) => {
                replies.send(frame(&reply)).await;
            }
            Ok(Verdict::Drop(why)) => {
                say!("betza lsp: a response from the client was dropped: {why}");
            }
            Ok(Verdict::Pass(mut value)) => {
                if let Some((close, warning)) = too_large::instead(&value, body.len()) {
                    drop(body);
                    replies.send(frame(warning.to_string().as_bytes())).await;
                    let closed = close.map(|close| passed(close, None, &in_flight));
                    if let Some(closed) = closed
                        && !closed.write(&mut to_server).await
                    {
                        break;
                    }
                    continue;
                }
                // Only a cancellation is read again: every other body may be large.
                let cancels = (value.get("method").and_then(Value::as_str)
                    == Some("$/cancelRequest"))
                .then(|| stand_ins.cancellations(&body))
                .flatten();
                let kept = match cancels {
                    Some(_) => Some(body),
                    None => match texts.take_out(&mut value, body) {
                        TakeOut::Kept(body) => Some(body),
                        // The message passed on is its tree, with markers for its texts.
                        TakeOut::Taken => None,
                        TakeOut::Dropped => continue,
                    },
                };
                let out = match cancels {
                    Some(cancels) => Passed {
                        head: cancels
                            .into_iter()
                            .flat_map(|cancel| passed(cancel, None, &in_flight).whole())
                            .collect(),
                        body: Cow::Borrowed(&[]),
                    },
                    None => passed(value, kept.as_deref(), &in_flight),
                };
                if !out.write(&mut to_server).await {
                    break;
                }
            }
            Ok(Verdict::StandIn(mut value, written)) => {
                stand_ins.stand_in(&mut value, &written);
                if !passed(value, None, &in_flight).write(&mut to_server).await {
                    break;
                }
            }
            Err(error) => {
                replies.send(parse_error(&error.to_string())).await;
            }
        }
    }
    let _ = to_server.shutdown().await;
}

/// What passes a message on to the server: `head`, the frames of the cancellations it makes
/// stale and then its header, and `body`, the message as it came or as changed here. Apart, so
/// that a document's text of many megabytes is written from where it was read, not copied.
struct Passed<'a> {
    head: Vec<u8>,
    body: Cow<'a, [u8]>,
}

impl Passed<'_> {
    /// Writes it; `false` once the server's input is gone.
    async fn write<W: AsyncWrite + Unpin>(&self, to_server: &mut W) -> bool {
        to_server.write_all(&self.head).await.is_ok()
            && to_server.write_all(&self.body).await.is_ok()
    }

    /// Its bytes in one piece, for a message that is small.
    fn whole(self) -> Vec<u8> {
        let mut whole = self.head;
        whole.extend_from_slice(&self.body);
        whole
    }
}

/// What passes `message` on to the server: the cancellations of the requests it makes stale
/// first, then itself, as it came (`body`) unless it was changed here.
fn passed<'a>(message: Value, body: Option<&'a [u8]>, in_flight: &InFlight) -> Passed<'a> {
    let mut head = Vec::new();
    for cancel in in_flight.client_message(&message) {
        head.extend(frame(&cancel));
    }
    let mended = (message.get("method").and_then(Value::as_str) == Some("initialize"))
        .then(|| super::initialize::mended(message.clone()))
        .flatten();
    let body = match (mended, body) {
        (Some(mended), _) => Cow::Owned(mended),
        (None, Some(body)) => Cow::Borrowed(body),
        (None, None) => Cow::Owned(message.to_string().into_bytes()),
    };
    head.extend(header(body.len()).into_bytes());
    Passed { head, body }
}

/// The most bytes handed to the output at once. Standard output copies what it is handed into
/// a buffer of its own, which keeps its largest size: a list of 3,000 findings written at once
/// held another megabyte (issue 56).
const WRITTEN_AT_ONCE: usize = 64 << 10;

/// Writes `frame` whole; `false` once the output is gone.
async fn write_frame<W: AsyncWrite + Unpin>(output: &mut W, frame: &[u8]) -> bool {
    for piece in frame.chunks(WRITTEN_AT_ONCE) {
        if output.write_all(piece).await.is_err() {
            return false;
        }
    }
    output.flush().await.is_ok()
}

/// Server → client: whole frames from the server and the framing layer's replies, in the order
/// they came, until the server ends. A long answer written apart is sent in place of the
/// library's response that carries its marker (see [`WrittenAnswers`]).
/// `queue` is the sending end of `frames`. Answers to requests an edit made stale say so (see
/// [`InFlight`]).
pub async fn forward_output<R, W>(
    from_server: R,
    queue: Outbox,
    mut frames: Receiver<Frame>,
    mut output: W,
    in_flight: InFlight,
    stand_ins: StandIns,
    answers: WrittenAnswers,
) where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    // Reading a frame takes several reads, and a read interrupted halfway would lose the
    // frame's start; so one long-lived reader puts the server's whole frames in the same queue
    // as the others, which keeps the order in which they came.
    let room = queue.clone();
    let reader = async move {
        let mut from_server = BufReader::new(from_server);
        while let Some(body) = read_body(&mut from_server).await {
            let body = in_flight.server_message(&body).unwrap_or(body);
            let body = stand_ins.restored(&body).unwrap_or(body);
            let frame = match answers.delivered(&body) {
                Some(answer) => answer,
                None => framed(&[], body, &[]),
            };
            if !queue.send(frame).await {
                break;
            }
        }
    };
    tokio::pin!(reader);
    loop {
        let server_ended = tokio::select! {
            biased;
            sent = frames.recv() => match sent {
                Some(frame) => {
                    if !write_frame(&mut output, &frame).await {
                        return;
                    }
                    room.written(&frame);
                    false
                }
                None => return,
            },
            () = &mut reader => true,
        };
        if server_ended {
            // Its last frames are queued; nothing more will be answered.
            while let Ok(frame) = frames.try_recv() {
                if !write_frame(&mut output, &frame).await {
                    return;
                }
            }
            return;
        }
    }
}

/// The body of one whole frame from the server's output.
async fn read_body<R: AsyncRead + Unpin>(input: &mut BufReader<R>) -> Option<Vec<u8>> {
    let length = match read_headers(input, None).await {
        Ok(Some(Ok(length))) => length,
        _ => return None,
    };
    let mut body = vec![0; length];
    input.read_exact(&mut body).await.ok()?;
    Some(body)
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};

    use super::{InFlight, Outbox, StandIns, WrittenAnswers, forward_output, frame};
    use crate::lsp::outbox::{QUEUED_BYTES, QUEUED_FRAMES};

    /// `forward_output` running on pipes: the server's end, the queue of frames sent around the
    /// server, and what reaches the client once the server's end is dropped.
    struct Output {
        server: DuplexStream,
        frames: Outbox,
        writer: tokio::task::JoinHandle<()>,
        client: DuplexStream,
    }

    impl Output {
        fn start() -> Output {
            let (server, from_server) = tokio::io::duplex(1 << 12);
            let (output, client) = tokio::io::duplex(1 << 16);
            let (frames, queue) = tokio::sync::mpsc::channel(QUEUED_FRAMES);
            let frames = Outbox::new(frames);
            let writer = tokio::spawn(forward_output(
                from_server,
                frames.clone(),
                queue,
                output,
                InFlight::default(),
                StandIns::default(),
                WrittenAnswers::default(),
            ));
            Output {
                server,
                frames,
                writer,
                client,
            }
        }

        async fn written(self) -> String {
            let Output {
                server,
                frames,
                writer,
                mut client,
            } = self;
            drop(server);
            writer.await.expect("the writer ends");
            drop(frames);
            let mut written = String::new();
            client.read_to_string(&mut written).await.expect("read");
            written
        }
    }

    /// A frame sent around the server while the server's own frame has come only halfway must
    /// not cost that frame (found by the session fuzzer: the output ended mid-session).
    #[tokio::test]
    async fn a_frame_arriving_in_pieces_survives_frames_sent_meanwhile() {
        let mut output = Output::start();
        output
            .server
            .write_all(b"Content-Length: 2")
            .await
            .expect("write");
        tokio::task::yield_now().await;
        assert!(output.frames.send(frame(b"[]")).await);
        tokio::task::yield_now().await;
        output.server.write_all(b"\r\n\r\n{}").await.expect("write");
        assert_eq!(
            output.written().await,
            "Content-Length: 2\r\n\r\n[]Content-Length: 2\r\n\r\n{}"
        );
    }

    /// Issue 56: a client that stops reading holds up at most [`QUEUED_BYTES`] of
    /// frames, whatever their size (before, sixty-four frames of any size: 1.4 GB of semantic
    /// tokens); once it reads again, every frame comes, in order.
    #[tokio::test]
    async fn a_client_that_stops_reading_holds_up_a_bounded_number_of_bytes() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        const SIZE: usize = 4 << 20;
        const FRAMES: usize = 40;
        let Output {
            mut server,
            frames,
            writer,
            mut client,
        } = Output::start();
        let taken = Arc::new(AtomicUsize::new(0));
        let counted = taken.clone();
        let producer = tokio::spawn(async move {
            let body = vec![b' '; SIZE];
            for _ in 0..FRAMES {
                server.write_all(&frame(&body)).await.expect("write");
                counted.fetch_add(1, Ordering::SeqCst);
            }
        });
        for _ in 0..2_000 {
            tokio::task::yield_now().await;
        }
        // The queue's bytes, and a frame on its way in each pipe.
        let most = QUEUED_BYTES / SIZE + 3;
        let held = taken.load(Ordering::SeqCst);
        assert!(
            held <= most,
            "{held} frames of 4 MiB taken in, at most {most}"
        );
        drop(frames);
        let reading = tokio::spawn(async move {
            let mut all = Vec::new();
            client.read_to_end(&mut all).await.expect("read");
            all.len()
        });
        producer.await.expect("every frame written");
        writer.await.expect("the writer ends with the server");
        let read = reading.await.expect("read");
        assert_eq!(read, FRAMES * frame(&vec![b' '; SIZE]).len());
    }

    /// Frames go out in the order they came, whether from the server or around it (found by a
    /// review: two queues chosen between at random swapped them).
    #[tokio::test]
    async fn frames_keep_the_order_they_came_in() {
        let mut output = Output::start();
        let mut expected = String::new();
        for n in 0..20 {
            let answer = format!("{{\"id\":{n}}}");
            output
                .server
                .write_all(&frame(answer.as_bytes()))
                .await
                .expect("write");
            // Let the reader take the answer in before the next frame is sent around it.
            for _ in 0..8 {
                tokio::task::yield_now().await;
            }
            let note = format!("[{n}]");
            assert!(output.frames.send(frame(note.as_bytes())).await);
            for body in [answer, note] {
                expected.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
            }
        }
        for _ in 0..8 {
            tokio::task::yield_now().await;
        }
        assert_eq!(output.written().await, expected);
    }
}
