//! Reading a frame's body of the length its header announced, unless the length lies: a
//! JSON-RPC message is one JSON object (or a batch, one array), so once that value has ended,
//! only whitespace may follow it inside the frame. A line there that holds a `Content-Length`
//! header is the next frame, and the announced length was longer than the message: a client
//! that announces 200,000,000 bytes and sends 2 must not make every message after it part of
//! that body (issue 56).

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt};

use super::header::{MAX_HEADER_LINE, content_length};

/// A frame's body as it was read.
#[derive(Debug, PartialEq, Eq)]
pub enum Body {
    /// All the bytes announced.
    Whole(Vec<u8>),
    /// The message ended before them, and the header line of the next frame came: `read` bytes
    /// of the body were read before it.
    Cut { read: usize, next_header: String },
}

/// Where a JSON value that starts with `{` or `[` ends, found a piece at a time: strings are
/// skipped (their brackets and escaped quotes count for nothing), and brackets are counted.
#[derive(Debug, Default)]
struct ValueEnd {
    started: bool,
    /// The body starts with something else: it is read whole, as announced.
    other: bool,
    depth: usize,
    in_string: bool,
    escaped: bool,
    ended: bool,
}

impl ValueEnd {
    /// Reads `bytes`; returns how many of them belong to the value (all of them until it ends).
    fn feed(&mut self, bytes: &[u8]) -> usize {
        for (at, &byte) in bytes.iter().enumerate() {
            if self.other || self.ended {
                return bytes.len();
            }
            if self.in_string {
                match (self.escaped, byte) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'{' | b'[' => {
                    self.started = true;
                    self.depth += 1;
                }
                b'}' | b']' if self.started => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.ended = true;
                        return at + 1;
                    }
                }
                b'"' if self.started => self.in_string = true,
                b' ' | b'\t' | b'\r' | b'\n' => {}
                _ if !self.started => self.other = true,
                _ => {}
            }
        }
        bytes.len()
    }
}

/// Reads the `length` bytes of a body from `input`, or fewer when the message ends and the
/// next frame's header follows it. `None` when the input ends first.
pub async fn read<R: AsyncBufRead + Unpin>(
    input: &mut R,
    length: usize,
) -> std::io::Result<Option<Body>> {
    // Reserved, not written: a length that lies costs no memory it does not fill.
    let mut body = Vec::with_capacity(length);
    let mut value = ValueEnd::default();
    while body.len() < length {
        let left = length - body.len();
        if value.ended {
            // After the message: a line of whitespace, the next frame's header, or bytes that
            // make the frame no message (the parse says so once they are read).
            let mut line = Vec::new();
            let limit = u64::try_from(left).map_or(MAX_HEADER_LINE, |l| l.min(MAX_HEADER_LINE));
            if (&mut *input)
                .take(limit)
                .read_until(b'\n', &mut line)
                .await?
                == 0
            {
                return Ok(None);
            }
            let text = String::from_utf8_lossy(&line);
            if line.ends_with(b"\n") && content_length(&text).is_some() {
                return Ok(Some(Body::Cut {
                    read: body.len(),
                    next_header: text.trim_end_matches(['\r', '\n']).to_owned(),
                }));
            }
            body.extend_from_slice(&line);
            continue;
        }
        let piece = input.fill_buf().await?;
        if piece.is_empty() {
            return Ok(None);
        }
        let piece = &piece[..piece.len().min(left)];
        let taken = value.feed(piece);
        body.extend_from_slice(&piece[..taken]);
        input.consume(taken);
    }
    Ok(Some(Body::Whole(body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn read_all(input: &[u8], length: usize) -> Option<Body> {
        let mut input = tokio::io::BufReader::with_capacity(3, input);
        read(&mut input, length).await.expect("read")
    }

    /// A body read whole: as announced, whatever its brackets and strings hold, and a body
    /// that is no object read whole too (its parse says what is wrong).
    #[tokio::test]
    async fn a_body_of_the_announced_length_is_read_whole() {
        for body in [
            &br#"{"a":"}\"]","b":[1,{"c":[]}]}"#[..],
            b"[{},[]]  \r\n",
            b"12345",
            b"{} trailing",
        ] {
            assert_eq!(
                read_all(body, body.len()).await,
                Some(Body::Whole(body.to_vec())),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    /// A length that lies: the next frame's header after the message cuts the body there.
    #[tokio::test]
    async fn a_header_after_the_message_cuts_the_body() {
        let input = b"{}\r\nContent-Length: 5\r\n\r\n{...}";
        assert_eq!(
            read_all(input, 200_000_000).await,
            Some(Body::Cut {
                read: 4,
                next_header: "Content-Length: 5".into()
            })
        );
        // An input that ends before the body does is no body.
        assert_eq!(read_all(b"{\"a\":", 100).await, None);
    }
}
