//! What `to-uri` and `to-iri` share: each line parsed, converted, and written as its output or
//! its error, with the filters of `check`.

use crate::engine::{CommonArgs, Line, LineCommand, Style};
use crate::output::{json_str, write_error_json, write_text_position};
use iriscan::map::MapError;
use iriscan::normalize::{NormalizeError, NormalizeErrorKind};
use iriscan::IriRef;
use std::borrow::Cow;
use std::io::Write;

/// The options of every converting command.
#[derive(clap::Args)]
pub struct OutputArgs {
    #[command(flatten)]
    pub read: crate::mode::ReadArgs,
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Why a line did not convert: it is not of the grammar, or the mapping failed.
enum Failure<E> {
    Parse(iriscan::Error),
    Map(E, usize),
}

/// A mapping's error, as the command reports it.
pub trait MappingError: std::fmt::Display {
    /// The kind, for JSON and the summary.
    fn kind_name(&self) -> &'static str;
    /// The part of `iri` the error is about: its offset is the error's.
    fn at<'i>(&self, iri: &IriRef<'i>) -> Option<&'i str>;
}

impl MappingError for MapError {
    fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// A mapping error is about the host: from the code point or label IDNA refuses, when the
    /// error says.
    fn at<'i>(&self, iri: &IriRef<'i>) -> Option<&'i str> {
        host_at(iri, self.offset())
    }
}

impl MappingError for NormalizeError {
    fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// An IDNA error is about the host, as a mapping error is; one of character normalization,
    /// about the whole.
    fn at<'i>(&self, iri: &IriRef<'i>) -> Option<&'i str> {
        match self.kind() {
            NormalizeErrorKind::Structure => Some(iri.as_str()),
            _ => host_at(iri, self.offset()),
        }
    }
}

/// The host of `iri` from `offset` in it, or whole when there is no offset.
fn host_at<'i>(iri: &IriRef<'i>, offset: Option<usize>) -> Option<&'i str> {
    iri.host()
        .map(|h| offset.and_then(|at| h.get(at..)).unwrap_or(h))
}

/// A mapping that cannot fail (`resolve`).
impl MappingError for std::convert::Infallible {
    fn kind_name(&self) -> &'static str {
        match *self {}
    }

    fn at<'i>(&self, _: &IriRef<'i>) -> Option<&'i str> {
        match *self {}
    }
}

/// A mapping of the library, as a converting command applies it to each parsed line.
pub trait Mapping: Sync {
    type Error: MappingError;
    fn map<'i>(&self, iri: &IriRef<'i>) -> Result<Cow<'i, str>, Self::Error>;
}

/// Runs the converting command `mapping` over the files of `args`: the `run` of to-uri, to-iri,
/// normalize, resolve and relativize.
pub fn run<M: Mapping>(args: &OutputArgs, mapping: M) -> u8 {
    crate::engine::run(&args.common, &Convert { args, mapping })
}

/// A converting command: `mapping` applied to each line.
pub struct Convert<'a, M> {
    pub args: &'a OutputArgs,
    pub mapping: M,
}

impl<M: Mapping> LineCommand for Convert<'_, M> {
    fn line(&self, line: Line<'_>, style: Style, out: &mut Vec<u8>) -> Result<(), &'static str> {
        let args = self.args;
        let (text, readable) = args.read.read(line.bytes);
        let result = readable
            .and_then(|()| IriRef::parse_bytes(&text, args.read.grammar))
            .map_err(Failure::Parse)
            .and_then(|iri| {
                self.mapping.map(&iri).map_err(|e| {
                    // The offset counts the bytes of the parsed text (the line, or what --mode
                    // made of it), as the parser's offsets do. Only JSON shows it (and an IDNA
                    // error's offset costs its diagnosis).
                    let at = if style == Style::Json {
                        e.at(&iri)
                            .map_or(0, |part| part.as_ptr() as usize - text.as_ptr() as usize)
                    } else {
                        0
                    };
                    Failure::Map(e, at)
                })
            });
        if style == Style::Silent {
        } else if style == Style::Bare {
            if let Ok(output) = &result {
                out.extend_from_slice(output.as_bytes());
                out.push(b'\n');
            }
        } else if style == Style::Json {
            crate::output::write_json_head(out, line, &text);
            match &result {
                Ok(output) => {
                    out.extend_from_slice(b",\"ok\":true,\"output\":");
                    json_str(out, output);
                }
                Err(Failure::Parse(e)) => {
                    out.extend_from_slice(b",\"ok\":false,");
                    write_error_json(out, e);
                }
                Err(Failure::Map(e, at)) => {
                    let _ = write!(
                        out,
                        ",\"ok\":false,\"error\":{{\"kind\":\"{}\",\"offset\":{at},\"message\":",
                        e.kind_name()
                    );
                    json_str(out, &e.to_string());
                    out.push(b'}');
                }
            }
            out.extend_from_slice(b"}\n");
        } else {
            write_text_position(out, line);
            let _ = match &result {
                Ok(output) => writeln!(out, "\t{output}"),
                Err(Failure::Parse(e)) => writeln!(out, "\terror: {e}"),
                Err(Failure::Map(e, _)) => writeln!(out, "\terror: {e}"),
            };
        }
        match result {
            Ok(_) => Ok(()),
            Err(Failure::Parse(e)) => Err(e.kind().name()),
            Err(Failure::Map(e, _)) => Err(e.kind_name()),
        }
    }
}
