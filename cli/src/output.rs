//! The pieces of output every command writes the same way.

use crate::engine::Line;
use std::io::Write;

/// Text: `LINE` or `FILE:LINE`, before a tab and the result.
pub fn write_text_position(out: &mut Vec<u8>, line: Line<'_>) {
    if let Some(file) = line.file {
        out.extend_from_slice(file.as_bytes());
        out.push(b':');
    }
    let _ = write!(out, "{}", line.number);
}

/// JSON: the start of a line's object, `{"file":...,"line":N,"input":"..."` (`file` only with
/// several files) and, when `--mode` changed the line into `text`, `"preprocessed":"..."` (error
/// offsets count its bytes). Fields come in the order of the contract: file, line, input, ok,
/// error, then the command's own.
pub fn write_json_head(out: &mut Vec<u8>, line: Line<'_>, text: &[u8]) {
    out.push(b'{');
    if let Some(file) = line.file {
        out.extend_from_slice(b"\"file\":");
        json_str(out, file);
        out.push(b',');
    }
    let _ = write!(out, "\"line\":{},\"input\":", line.number);
    json_str(out, &String::from_utf8_lossy(line.bytes));
    if text != line.bytes {
        out.extend_from_slice(b",\"preprocessed\":");
        json_str(out, &String::from_utf8_lossy(text));
    }
}

/// `"error":{"kind":...,"offset":...,"message":...}`.
pub fn write_error_json(out: &mut Vec<u8>, e: &iriscan::Error) {
    let _ = write!(
        out,
        "\"error\":{{\"kind\":\"{}\",\"offset\":{},\"message\":",
        e.kind().name(),
        e.offset()
    );
    json_str(out, &e.to_string());
    out.push(b'}');
}

/// A JSON string. JSON strings are Unicode: the caller passes bytes that are not UTF-8 as
/// U+FFFD (`String::from_utf8_lossy`), while error offsets still count the original bytes.
pub fn json_str(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(out, s).expect("writing to a Vec cannot fail");
}

/// A JSON string or `null`.
pub fn json_opt(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => json_str(out, s),
        None => out.extend_from_slice(b"null"),
    }
}
