//! Mapping between IRIs and URIs (3987bis 3): [`IriRef::to_uri`](crate::IriRef::to_uri) and
//! [`IriRef::to_iri`](crate::IriRef::to_iri), with their options.
//!
//! ```
//! use iriscan::IriRef;
//! let iri = IriRef::parse("https://例え.jp/パス?q=Dürst")?;
//! let uri = iri.to_uri()?;
//! assert_eq!(uri, "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=D%C3%BCrst");
//! assert_eq!(IriRef::parse(&uri)?.to_iri(), "https://例え.jp/パス?q=Dürst");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod host;
pub(crate) mod host_points;
mod idna_failure;
pub(crate) mod pct;
pub(crate) mod punycode;
mod to_iri;
mod to_uri;

#[cfg(feature = "internals")]
pub(crate) use host::push_host_to_ascii;
pub use host::HostMapping;
#[cfg(any(test, feature = "internals"))]
pub(crate) use host::ASCII_CLASSES;
pub(crate) use host::{
    has_ace_label_at, host_to_unicode, is_dns_host_of as host_is_dns_of, is_fast_host,
};
pub use to_iri::ToIriOptions;
#[cfg(feature = "internals")]
pub(crate) use to_uri::to_uri_checked;
pub use to_uri::ToUriOptions;

use crate::{Component, IriRef};
use std::fmt;

/// Reassembles `iri` into `out` with the delimiters it has (3987bis 3.6: "using the original
/// punctuation"), each of the userinfo, host, path, query and fragment written by `write`; the
/// scheme and port are ASCII and copied.
fn reassemble<O: Sink, E>(
    iri: &IriRef<'_>,
    out: &mut O,
    mut write: impl FnMut(&mut O, Component, &str) -> Result<(), E>,
) -> Result<(), E> {
    if let Some(scheme) = iri.scheme() {
        out.push_text(scheme);
        out.push_text(":");
    }
    if iri.authority().is_some() {
        out.push_text("//");
        if let Some(userinfo) = iri.userinfo() {
            write(out, Component::Userinfo, userinfo)?;
            out.push_text("@");
        }
        write(out, Component::Host, iri.host().unwrap_or(""))?;
        if let Some(port) = iri.port() {
            out.push_text(":");
            out.push_text(port);
        }
    }
    write(out, Component::Path, iri.path())?;
    if let Some(query) = iri.query() {
        out.push_text("?");
        write(out, Component::Query, query)?;
    }
    if let Some(fragment) = iri.fragment() {
        out.push_text("#");
        write(out, Component::Fragment, fragment)?;
    }
    Ok(())
}

/// What [`reassemble`] writes to: the `String` of an IRI, or the bytes of a URI (ASCII).
trait Sink {
    fn push_text(&mut self, text: &str);
}

impl Sink for String {
    fn push_text(&mut self, text: &str) {
        self.push_str(text);
    }
}

impl Sink for Vec<u8> {
    fn push_text(&mut self, text: &str) {
        self.extend_from_slice(text.as_bytes());
    }
}

/// Why a mapping failed: IDNA could not convert the host (3987bis 3.4), or a charset label is
/// unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    kind: MapErrorKind,
    subject: String,
    reason: Reason,
}

/// What a [`MapError`] says of its subject.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reason {
    /// Said in words when the error was made.
    Text(String),
    /// IDNA failed on the host: why and where is asked of the `idna` crate when the error is
    /// shown, not when it is made (`idna_failure`: some dozens of calls to the crate, which a
    /// caller that only counts failures should not pay for).
    Idna(idna_failure::Failure),
}

/// The kind of a [`MapError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MapErrorKind {
    /// IDNA ToASCII failed on the host, or gave something a host may not hold (3.4).
    Idna,
    /// The charset label is not one the WHATWG Encoding Standard knows.
    UnknownCharset,
}

impl MapErrorKind {
    /// The kind as a `snake_case` name, as the command's JSON output gives it.
    pub fn name(self) -> &'static str {
        match self {
            MapErrorKind::Idna => "idna",
            MapErrorKind::UnknownCharset => "unknown_charset",
        }
    }
}

impl MapError {
    pub(crate) fn idna(host: &str, reason: String) -> MapError {
        MapError {
            kind: MapErrorKind::Idna,
            subject: host.to_string(),
            reason: Reason::Text(reason),
        }
    }

    pub(crate) fn charset(label: &str) -> MapError {
        MapError {
            kind: MapErrorKind::UnknownCharset,
            subject: label.to_string(),
            reason: Reason::Text(String::new()),
        }
    }

    /// IDNA failed on `host`, for the reason `failure` will find.
    pub(crate) fn idna_failure(host: &str, failure: idna_failure::Failure) -> MapError {
        MapError {
            kind: MapErrorKind::Idna,
            subject: host.to_string(),
            reason: Reason::Idna(failure),
        }
    }

    /// The error without an offset: its subject is not the text the caller will place it in.
    pub(crate) fn without_offset(mut self) -> MapError {
        if let Reason::Idna(failure) = &mut self.reason {
            failure.without_offset();
        }
        self
    }

    /// The reason in words, and the offset in the subject of what it is about.
    fn explained(&self) -> (std::borrow::Cow<'_, str>, Option<usize>) {
        match &self.reason {
            Reason::Text(text) => (text.as_str().into(), None),
            Reason::Idna(failure) => {
                let (text, at) = failure.explain(&self.subject);
                (text.into(), at)
            }
        }
    }

    /// The kind of failure.
    pub fn kind(&self) -> MapErrorKind {
        self.kind
    }

    /// For an IDNA failure, the byte offset in the host of the code point or label that makes
    /// ToASCII fail, when it is known (not for a host too long as a whole, nor in a host with
    /// percent-encodings, whose decoded text IDNA reads).
    ///
    /// ```
    /// use iriscan::IriRef;
    /// let iri = IriRef::parse("http://www.a\u{2488}b.org/")?;
    /// let e = iri.to_uri().unwrap_err();
    /// assert_eq!(e.offset(), Some(5)); // U+2488 in "www.a⒈b.org"
    /// # Ok::<(), iriscan::Error>(())
    /// ```
    pub fn offset(&self) -> Option<usize> {
        self.explained().1
    }
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            MapErrorKind::Idna => {
                let (reason, at) = self.explained();
                // A host as long as DNS allows is shown whole.
                let host = idna_failure::shown_at_most(&self.subject, host::MAX_HOST + 1);
                write!(f, "the host {host} cannot be converted with IDNA: {reason}")?;
                if let Some(at) = at {
                    write!(f, ", at byte {at} of the host")?;
                }
                write!(f, " (3987bis 3.4)")
            }
            MapErrorKind::UnknownCharset => write!(f, "unknown charset {:?}", self.subject),
        }
    }
}

impl std::error::Error for MapError {}
