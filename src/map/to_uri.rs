//! IRI to URI (3987bis 3.3 to 3.6): each component mapped on its own, and the URI reassembled
//! with the delimiters of the IRI.

use super::host::{push_idna, HostMapping};
use super::pct::{push_encoding_non_ascii, push_octet};
use super::{reassemble, MapError};
use crate::tables::{ascii, class};
use crate::{Component, HostKind, IriRef};
use encoding_rs::{EncoderResult, Encoding, UTF_8};
use std::borrow::Cow;

/// Options of [`IriRef::to_uri_with`].
///
/// ```
/// use iriscan::{map::ToUriOptions, IriRef};
/// let options = ToUriOptions::default().query_charset("windows-1252")?;
/// let iri = IriRef::parse("http://example.org/ç?q=ç€")?;
/// assert_eq!(iri.to_uri_with(&options)?, "http://example.org/%C3%A7?q=%E7%80");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToUriOptions {
    /// How a non-ASCII `ireg-name` is mapped (3.4).
    pub host: HostMapping,
    /// The charset of the document the IRI comes from, for the query of `http` and `https`
    /// IRIs (3.5); `None` (the default) or a Unicode charset means UTF-8.
    pub query_charset: Option<&'static Encoding>,
}

impl ToUriOptions {
    /// Sets the host mapping.
    pub fn host(mut self, host: HostMapping) -> Self {
        self.host = host;
        self
    }

    /// Sets the document charset for the query, by its WHATWG label (`"shift_jis"`,
    /// `"windows-1252"`, `"latin1"`, ...).
    pub fn query_charset(mut self, label: &str) -> Result<Self, MapError> {
        let encoding =
            Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| MapError::charset(label))?;
        self.query_charset = Some(encoding);
        Ok(self)
    }
}

impl<'a> IriRef<'a> {
    /// The URI this IRI reference maps to (3987bis 3.6), with the default options: UTF-8 and
    /// percent-encoding for every non-ASCII character, IDNA for DNS hosts. Borrows the input
    /// when it is a URI already.
    ///
    /// ```
    /// use iriscan::IriRef;
    /// let iri = IriRef::parse("http://résumé.example.org/red%09rosé#red")?;
    /// assert_eq!(iri.to_uri()?, "http://xn--rsum-bpad.example.org/red%09ros%C3%A9#red");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uri(&self) -> Result<Cow<'a, str>, MapError> {
        self.to_uri_with(&ToUriOptions::default())
    }

    /// The URI this IRI reference maps to, with `options`. Fails only when IDNA fails on the
    /// host (3.4: "then the entire IRI conversion fails").
    pub fn to_uri_with(&self, options: &ToUriOptions) -> Result<Cow<'a, str>, MapError> {
        let input = self.as_str();
        let hash_in_fragment = self.fragment().is_some_and(|f| f.contains('#'));
        if crate::scan::is_ascii(input.as_bytes()) && !hash_in_fragment {
            // 3.3: "the mapping is an identity transformation for ... valid URIs".
            return Ok(Cow::Borrowed(input));
        }
        let idna = options.host.idna_for(self.scheme());
        let mut out = String::with_capacity(input.len() + input.len() / 2);
        let http = self
            .scheme()
            .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
        let charset = options
            .query_charset
            .map(Encoding::output_encoding)
            .filter(|&e| http && e != UTF_8);
        let reg_name = self.host_kind() == Some(HostKind::RegName);
        reassemble(self, &mut out, |out, component, text| {
            match component {
                Component::Host if reg_name && idna => push_idna(out, text)?,
                Component::Host if reg_name => push_encoding_non_ascii(out, text),
                // IP literals and IPv4 addresses are ASCII.
                Component::Host => out.push_str(text),
                Component::Query => match charset {
                    Some(encoding) if !text.is_ascii() => {
                        push_query_in_charset(out, text, encoding)
                    }
                    _ => push_encoding_non_ascii(out, text),
                },
                // 3987bis 2.2 allows "#" in `ifragment`; RFC 3986 3.5 `fragment` does not.
                Component::Fragment => {
                    for (k, piece) in text.split('#').enumerate() {
                        if k > 0 {
                            out.push_str("%23");
                        }
                        push_encoding_non_ascii(out, piece);
                    }
                }
                _ => push_encoding_non_ascii(out, text),
            }
            Ok::<(), MapError>(())
        })?;
        Ok(Cow::Owned(out))
    }
}

/// 3987bis 3.5: the query of an `http` or `https` IRI from a document in a legacy charset is
/// encoded in that charset, then percent-encoded. A character the charset cannot represent is
/// written as browsers write it (WHATWG URL, "percent-encode after encoding"): as the numeric
/// character reference `&#N;`, percent-encoded whole (`%26%23N%3B`). Octets that a URI query
/// cannot hold literally (non-ASCII, and ASCII controls such as the escapes of ISO-2022-JP) are
/// percent-encoded; the rest, existing `%HH` triplets included, stays.
fn push_query_in_charset(out: &mut String, query: &str, encoding: &'static Encoding) {
    let mut encoder = encoding.new_encoder();
    let mut buf = vec![0u8; 256];
    let mut rest = query;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        for &octet in &buf[..written] {
            if octet < 0x80 && (ascii(octet) & class::QUERY != 0 || octet == b'%') {
                out.push(octet as char);
            } else {
                push_octet(out, octet);
            }
        }
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                out.push_str(&(c as u32).to_string());
                out.push_str("%3B");
            }
        }
    }
}
