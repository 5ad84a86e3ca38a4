//! What the framing layer and the body reader both read of a frame's header lines, and the
//! header written before each frame sent.

/// The longest header line kept; the rest of a longer one is read and dropped, so a line that
/// never ends cannot fill the memory.
pub const MAX_HEADER_LINE: u64 = 4096;

/// The value of a `Content-Length` header found anywhere in `line`: after a body shorter than
/// its announced length, the rest of the body runs into the next header line, and reading the
/// length from where it stands brings the stream back in step.
pub fn content_length(line: &str) -> Option<Result<usize, String>> {
    const NAME: &str = "content-length:";
    let at = line.to_ascii_lowercase().rfind(NAME)?;
    let value = line.get(at + NAME.len()..)?.trim();
    Some(
        value
            .parse::<usize>()
            .map_err(|_| format!("bad Content-Length `{value}`")),
    )
}

/// The header of a frame whose body is `length` bytes.
pub fn header(length: usize) -> String {
    format!("Content-Length: {length}\r\n\r\n")
}

/// The frame of the body `before`, `body` and `after`, made in `body`'s own buffer (the header
/// and `before` moved in at its start): a long message is not held twice to be framed.
pub fn framed(before: &[u8], mut body: Vec<u8>, after: &[u8]) -> Vec<u8> {
    let header = header(before.len() + body.len() + after.len());
    body.extend_from_slice(after);
    body.splice(0..0, header.bytes().chain(before.iter().copied()));
    body
}

#[cfg(test)]
mod tests {
    use super::framed;

    #[test]
    fn a_frame_is_made_around_the_body_in_its_own_buffer() {
        let body = b"[1,2]".to_vec();
        let mut roomy = Vec::with_capacity(64);
        roomy.extend_from_slice(b"[1,2]");
        let roomy_address = roomy.as_ptr();
        assert_eq!(
            framed(b"{\"a\":", body, b"}"),
            b"Content-Length: 11\r\n\r\n{\"a\":[1,2]}"
        );
        let frame = framed(b"", roomy, b"");
        assert_eq!(frame, b"Content-Length: 5\r\n\r\n[1,2]");
        assert_eq!(frame.as_ptr(), roomy_address, "framed where it was written");
    }
}
