//! A framing layer in front of the protocol library. It reads `Content-Length` frames from the
//! client, passes well-formed JSON on, and answers a frame whose body is not JSON itself with a
//! -32700 parse error, so one bad message cannot end the session (tower-lsp-server would answer
//! and then stop reading). On the way out it writes whole frames only, so the server's messages
//! and these replies never interleave.

use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

/// The largest body accepted; a larger announced length is answered as a parse error and its
/// bytes are skipped.
const MAX_BODY: usize = 256 * 1024 * 1024;

/// The header of a frame whose body is `length` bytes.
fn header(length: usize) -> String {
    format!("Content-Length: {length}\r\n\r\n")
}

pub fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = header(body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// Bytes left free before a body for its header (`Content-Length: `, up to twelve digits and
/// two line breaks), so that a body of megabytes is not copied again behind its header.
pub const HEADER_ROOM: usize = 32;

/// A whole frame: the bytes of `bytes` from `start` on. Shared, so that the next frame can
/// copy from this one after it is sent.
#[derive(Debug)]
pub struct Frame {
    bytes: Arc<Vec<u8>>,
    start: usize,
    /// The body stands where it was written, after the room its header went into.
    in_place: bool,
}

impl Frame {
    /// The frame of a body written after [`HEADER_ROOM`] bytes of `buffer`: its header goes
    /// into the room, just before the body.
    pub fn around_body(mut buffer: Vec<u8>) -> Frame {
        // Without the room, all of it is the body.
        let Some(body) = buffer.get(HEADER_ROOM..) else {
            return frame(&buffer).into();
        };
        let header = header(body.len());
        match HEADER_ROOM.checked_sub(header.len()) {
            Some(start) => {
                buffer[start..HEADER_ROOM].copy_from_slice(header.as_bytes());
                Frame {
                    bytes: Arc::new(buffer),
                    start,
                    in_place: true,
                }
            }
            // A body of a terabyte or more: it is copied after all.
            None => frame(body).into(),
        }
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[self.start..]
    }

    /// The buffer its body was written in (the room before the header included), when the
    /// body still stands where it was written.
    pub fn body_buffer(&self) -> Option<Arc<Vec<u8>>> {
        self.in_place.then(|| self.bytes.clone())
    }
}

impl From<Vec<u8>> for Frame {
    fn from(bytes: Vec<u8>) -> Frame {
        Frame {
            bytes: Arc::new(bytes),
            start: 0,
            in_place: false,
        }
    }
}

fn parse_error(detail: &str) -> Vec<u8> {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": -32700, "message": format!("Parse error: {detail}") },
    });
    frame(body.to_string().as_bytes())
}

/// Reads one header block; returns the content length, `Ok(None)` at end of input.
async fn read_headers<R: AsyncRead + Unpin>(
    input: &mut BufReader<R>,
) -> std::io::Result<Option<Result<usize, String>>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut any = false;
    loop {
        let mut line = Vec::new();
        if input.read_until(b'\n', &mut line).await? == 0 {
            return Ok(if any {
                Some(Err("the input ended inside a header".into()))
            } else {
                None
            });
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if any {
                return Ok(Some(
                    length.unwrap_or_else(|| Err("no Content-Length header".into())),
                ));
            }
            continue;
        }
        any = true;
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("content-length")
        {
            length = Some(
                value
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| format!("bad Content-Length `{}`", value.trim())),
            );
        }
    }
}

/// Client → server: well-formed frames go on; broken ones get a parse error reply.
pub async fn forward_input<R, W>(input: R, mut to_server: W, replies: UnboundedSender<Frame>)
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    loop {
        let length = match read_headers(&mut input).await {
            Ok(None) | Err(_) => break,
            Ok(Some(Err(detail))) => {
                let _ = replies.send(parse_error(&detail).into());
                continue;
            }
            Ok(Some(Ok(length))) => length,
        };
        if length > MAX_BODY {
            let _ = replies.send(parse_error("the message is too large").into());
            let mut skip = (&mut input).take(u64::try_from(length).unwrap_or(u64::MAX));
            if tokio::io::copy(&mut skip, &mut tokio::io::sink())
                .await
                .is_err()
            {
                break;
            }
            continue;
        }
        let mut body = vec![0; length];
        if input.read_exact(&mut body).await.is_err() {
            break;
        }
        match serde_json::from_slice::<serde_json::Value>(&body) {
            Ok(value) if value.is_object() || value.is_array() => {
                if to_server.write_all(&frame(&body)).await.is_err() {
                    break;
                }
            }
            Ok(_) => {
                let _ = replies.send(parse_error("the body is not a JSON object").into());
            }
            Err(error) => {
                let _ = replies.send(parse_error(&error.to_string()).into());
            }
        }
    }
    let _ = to_server.shutdown().await;
}

/// Where whole frames go out.
pub trait FrameSink {
    /// Sends `frame` on; `false` once the output is gone.
    fn send(&mut self, frame: Frame) -> impl Future<Output = bool>;
}

/// Frames written to an asynchronous stream.
pub struct Stream<W>(pub W);

impl<W: AsyncWrite + Unpin> FrameSink for Stream<W> {
    async fn send(&mut self, frame: Frame) -> bool {
        self.0.write_all(frame.as_bytes()).await.is_ok() && self.0.flush().await.is_ok()
    }
}

/// Frames written by a thread of its own, with blocking writes straight from each frame.
/// Standard output as the runtime offers it would copy each message into a buffer of its own
/// for a blocking thread, whose line buffering would then search it for line breaks: two
/// passes over megabytes of diagnostics on every edit. Making the output non-blocking instead
/// would change it for every process that shares it.
pub struct WriterThread(std::sync::mpsc::Sender<Frame>);

impl WriterThread {
    /// Starts the thread writing to `output`; join it to wait until every frame is written.
    pub fn start<W: std::io::Write + Send + 'static>(
        mut output: W,
    ) -> std::io::Result<(WriterThread, std::thread::JoinHandle<()>)> {
        let (frames, queue) = std::sync::mpsc::channel::<Frame>();
        let thread = std::thread::Builder::new()
            .name("betza-output".into())
            .spawn(move || {
                for frame in queue {
                    if output.write_all(frame.as_bytes()).is_err() || output.flush().is_err() {
                        break;
                    }
                }
            })?;
        Ok((WriterThread(frames), thread))
    }
}

impl FrameSink for WriterThread {
    async fn send(&mut self, frame: Frame) -> bool {
        self.0.send(frame).is_ok()
    }
}

/// Server → client: whole frames from the server and those sent around it (the framing
/// layer's replies, the backend's diagnostics), in the order they came, until the server ends.
/// `queue` is the sending end of `frames`.
pub async fn forward_output<R, S>(
    from_server: R,
    queue: UnboundedSender<Frame>,
    mut frames: UnboundedReceiver<Frame>,
    mut output: S,
) where
    R: AsyncRead + Unpin,
    S: FrameSink,
{
    // Reading a frame takes several reads, and a read interrupted halfway would lose the
    // frame's start; so one long-lived reader puts the server's whole frames in the same queue
    // as the others, which keeps the order in which they came.
    let reader = async move {
        let mut from_server = BufReader::new(from_server);
        while let Some(bytes) = read_frame(&mut from_server).await {
            if queue.send(bytes).is_err() {
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
                    if !output.send(frame).await {
                        return;
                    }
                    false
                }
                None => return,
            },
            () = &mut reader => true,
        };
        if server_ended {
            // Its last frames are queued; nothing more will be answered.
            while let Ok(frame) = frames.try_recv() {
                if !output.send(frame).await {
                    return;
                }
            }
            return;
        }
    }
}

/// One whole frame from the server's output.
async fn read_frame<R: AsyncRead + Unpin>(input: &mut BufReader<R>) -> Option<Frame> {
    let length = match read_headers(input).await {
        Ok(Some(Ok(length))) => length,
        _ => return None,
    };
    let mut buffer = vec![0; HEADER_ROOM + length];
    input.read_exact(&mut buffer[HEADER_ROOM..]).await.ok()?;
    Some(Frame::around_body(buffer))
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
    use tokio::sync::mpsc::UnboundedSender;

    use super::{Frame, HEADER_ROOM, Stream, forward_output, frame};

    /// `forward_output` running on pipes: the server's end, the queue of frames sent around the
    /// server, and what reaches the client once the server's end is dropped.
    struct Output {
        server: DuplexStream,
        frames: UnboundedSender<Frame>,
        writer: tokio::task::JoinHandle<()>,
        client: DuplexStream,
    }

    impl Output {
        fn start() -> Output {
            let (server, from_server) = tokio::io::duplex(1 << 12);
            let (output, client) = tokio::io::duplex(1 << 16);
            let (frames, queue) = tokio::sync::mpsc::unbounded_channel();
            let writer = tokio::spawn(forward_output(
                from_server,
                frames.clone(),
                queue,
                Stream(output),
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

    #[test]
    fn a_header_written_into_the_room_before_a_body_makes_the_same_frame() {
        for body in ["", "{}", &"x".repeat(123_456)] {
            let mut buffer = vec![0; HEADER_ROOM];
            buffer.extend_from_slice(body.as_bytes());
            let made = Frame::around_body(buffer);
            assert_eq!(made.as_bytes(), frame(body.as_bytes()));
            let written = made.body_buffer().expect("made in place");
            assert_eq!(&written[HEADER_ROOM..], body.as_bytes());
        }
        // A buffer without the room is all body, copied behind its header.
        let copied = Frame::around_body(b"{}".to_vec());
        assert_eq!(copied.as_bytes(), frame(b"{}"));
        assert!(copied.body_buffer().is_none());
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
        output.frames.send(frame(b"[]").into()).expect("send");
        tokio::task::yield_now().await;
        output.server.write_all(b"\r\n\r\n{}").await.expect("write");
        assert_eq!(
            output.written().await,
            "Content-Length: 2\r\n\r\n[]Content-Length: 2\r\n\r\n{}"
        );
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
            output
                .frames
                .send(frame(note.as_bytes()).into())
                .expect("send");
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
