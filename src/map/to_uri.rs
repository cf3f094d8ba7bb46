//! IRI to URI (3987bis 3.3 to 3.6): the non-ASCII octets of the IRI percent-encoded in place,
//! with the host (IDNA), a legacy-charset query and "#" in the fragment spliced in.

use super::host::{push_idna_non_ascii, HostMapping, MAX_HOST};
use super::pct::push_octet_bytes;
use super::MapError;
use crate::scan::Learned;
use crate::simd::AsciiBytes;
use crate::{HostKind, IriRef};
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
    #[inline(always)]
    pub fn to_uri(&self) -> Result<Cow<'a, str>, MapError> {
        self.to_uri_with(&ToUriOptions::default())
    }

    /// The URI this IRI reference maps to, with `options`. Fails only when IDNA fails on the
    /// host (3.4: "then the entire IRI conversion fails").
    #[inline(always)]
    pub fn to_uri_with(&self, options: &ToUriOptions) -> Result<Cow<'a, str>, MapError> {
        // Inlined into the caller, with its two common cases, which then cost no call: a URI
        // already, and an IRI with nothing to splice (what it is worth: docs/performance.md).
        let input = self.as_str();
        // The non-ASCII octets, counted once: none makes the input a URI already, and their
        // number sizes the result. The scanner may have counted them, and looked for them in the
        // host and for "#" in the fragment.
        let learned = self.scan_hint().unwrap_or_else(|| self.learn());
        if learned.non_ascii == 0 && !learned.fragment_hash {
            // 3.3: "the mapping is an identity transformation for ... valid URIs".
            return Ok(Cow::Borrowed(input));
        }
        if !learned.host_non_ascii && !learned.fragment_hash && options.query_charset.is_none() {
            // Nothing to splice: no host for IDNA (an ASCII host stays as it is, its
            // percent-encodings included: `push_idna`), no query for a legacy charset, no "#" in
            // the fragment. The URI is the input with its non-ASCII octets percent-encoded
            // (3.3, 3.6): `input.len() + 2 * non_ascii` bytes, and room for the SSSE3 encoder
            // past them, as in `mapped_to_uri`.
            let mut out = AsciiBytes::with_capacity(input.len() + 2 * learned.non_ascii + 32);
            out.push_encoded(input.as_bytes());
            return Ok(Cow::Owned(out.into_string()));
        }
        self.mapped_to_uri(options, learned).map(Cow::Owned)
    }

    /// What the scanner learns of an input on the way ([`IriRef::scan_hint`]), for an input it
    /// did not learn it of (one the line check does not take): counted.
    #[inline(never)]
    fn learn(&self) -> Learned {
        let input = self.as_str();
        Learned {
            non_ascii: crate::simd::count_non_ascii(input.as_bytes()),
            fragment_hash: self
                .fragment()
                .is_some_and(|f| memchr::memchr(b'#', f.as_bytes()).is_some()),
            host_non_ascii: self.host().is_some_and(|h| !h.is_ascii()),
        }
    }

    /// [`IriRef::to_uri_with`] for an input that is not a URI already, with what the scanner
    /// learned of it (or [`IriRef::learn`]).
    fn mapped_to_uri(&self, options: &ToUriOptions, learned: Learned) -> Result<String, MapError> {
        let input = self.as_str();
        let idna_host = self.host().filter(|_| {
            learned.host_non_ascii
                && self.host_kind() == Some(HostKind::RegName)
                && options.host.idna_for(self.scheme())
        });
        // 3.4: "the entire IRI conversion fails" when IDNA fails on the host, which a host longer
        // than DNS allows (RFC 1034 3.1) almost always does: asked before the output is sized
        // for the whole input.
        if let Some(host) = idna_host.filter(|h| h.len() > MAX_HOST + 1) {
            push_idna_non_ascii(&mut Vec::new(), host)?;
        }
        // In a valid IRI the characters a URI does not allow are exactly the non-ASCII ones
        // (3.3), whatever the component, and the delimiters are ASCII: the URI is the input
        // with its non-ASCII octets percent-encoded (3.6: "using the original punctuation"),
        // except in the three places below, each spliced in where it stands.
        // The exact length when the host is not mapped with IDNA nor the query re-encoded, and
        // the room the SSSE3 encoder writes past its result.
        let mut out = AsciiBytes::with_capacity(input.len() + 2 * learned.non_ascii + 32);
        // The input up to `done` is written.
        let mut done = 0;
        let encode_to = |out: &mut AsciiBytes, done: usize, end: usize| {
            out.push_encoded(&input.as_bytes()[done..end]);
        };
        // 3.4: a non-ASCII `ireg-name` through IDNA, when the host is a DNS name.
        if let Some(host) = idna_host {
            let start = self.host_start();
            if self.userinfo().is_none() {
                // The scheme and ":", if any, and "//" (3987bis 2.2): ASCII, copied as is.
                out.push_ascii(&input.as_bytes()[..start]);
            } else {
                encode_to(&mut out, 0, start);
            }
            out.push_checked(|out| push_idna_non_ascii(out, host))?;
            done = start + host.len();
        }
        // 3.5: the query of an `http` or `https` IRI in the document's legacy charset.
        if let (Some(query), Some(encoding)) = (self.query(), self.query_charset(options)) {
            if !crate::simd::is_ascii(query.as_bytes()) {
                let start = self.path_end() + 1;
                encode_to(&mut out, done, start);
                out.push_checked(|out| {
                    push_query_in_charset(out, query, encoding);
                    Ok::<(), MapError>(())
                })?;
                done = start + query.len();
            }
        }
        if learned.fragment_hash {
            let start = self.query_end() + 1;
            encode_to(&mut out, done, start);
            push_fragment(&mut out, &input[start..], |out, piece| {
                out.push_encoded(piece.as_bytes());
            });
            done = input.len();
        }
        out.push_encoded(&input.as_bytes()[done..]);
        Ok(out.into_string())
    }
}

/// [`IriRef::to_uri_with`] the slow way, for the tests and the `to_uri` fuzz target to compare
/// it with: component by component (3.6, "using the original punctuation"), each non-ASCII octet
/// encoded one at a time, each non-ASCII DNS host through the `idna` crate.
#[cfg(feature = "internals")]
pub(crate) fn to_uri_checked(iri: &IriRef<'_>, options: &ToUriOptions) -> Result<String, MapError> {
    use super::host::push_idna_checked;
    use super::reassemble;
    use crate::Component;
    let idna = options.host.idna_for(iri.scheme());
    let charset = iri.query_charset(options);
    let portable = |out: &mut Vec<u8>, text: &str| {
        crate::simd::push_percent_encoded_at(crate::simd::Level::Portable, out, text.as_bytes())
    };
    let reg_name = iri.host_kind() == Some(HostKind::RegName);
    let mut out = Vec::new();
    reassemble(iri, &mut out, |out, component, text| {
        match component {
            Component::Host if reg_name && idna => push_idna_checked(out, text)?,
            Component::Query => match charset {
                Some(encoding) if !text.is_ascii() => push_query_in_charset(out, text, encoding),
                _ => portable(out, text),
            },
            Component::Fragment => push_fragment(out, text, portable),
            _ => portable(out, text),
        }
        Ok::<(), MapError>(())
    })?;
    Ok(String::from_utf8(out).expect("a URI is ASCII"))
}

impl IriRef<'_> {
    /// The legacy charset the query is encoded in (3.5): the document's, for an `http` or
    /// `https` IRI, unless it is UTF-8 (or UTF-16, whose output encoding is UTF-8).
    fn query_charset(&self, options: &ToUriOptions) -> Option<&'static Encoding> {
        // The option first: without it (the default) the scheme is not looked at.
        let encoding = options.query_charset?.output_encoding();
        let http = self
            .scheme()
            .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
        (http && encoding != UTF_8).then_some(encoding)
    }
}

/// Appends the fragment `text` with the percent-encoder `encode`, and each "#" in it as "%23"
/// (ASCII, which every encoder writes as it is): 3987bis 2.2 allows "#" in `ifragment`, RFC 3986
/// 3.5 `fragment` does not.
fn push_fragment<O>(out: &mut O, text: &str, mut encode: impl FnMut(&mut O, &str)) {
    for (k, piece) in text.split('#').enumerate() {
        if k > 0 {
            encode(out, "%23");
        }
        encode(out, piece);
    }
}

/// 3987bis 3.5: the query of an `http` or `https` IRI from a document in a legacy charset is
/// mapped as 3.3 maps it, with that charset in place of UTF-8 "as the binary representation
/// before pct-encoding": its ASCII characters, which a URI query holds (the IRI is valid), stay
/// as they are, existing `%HH` triplets included; each run of other characters is encoded in the
/// charset and every octet of it written as `%HH` (3.3: "Convert each octet of this sequence to
/// %HH"), octets in the ASCII range too. Those come from stateful and double-byte charsets:
/// ISO-2022-JP writes its escapes and its characters there (`ア` is `ESC $ B % " ESC ( B`), and a
/// "%" or "&" of a character left as it is would read as a triplet or a delimiter. Each run is
/// encoded to its end, so that a stateful charset is back in ASCII after it. A character the
/// charset cannot represent is written as browsers write it (WHATWG URL, "percent-encode after
/// encoding"): as the numeric character reference `&#N;`, percent-encoded (`%26%23N%3B`).
fn push_query_in_charset(out: &mut Vec<u8>, query: &str, encoding: &'static Encoding) {
    let mut rest = query;
    while !rest.is_empty() {
        let ascii = rest
            .bytes()
            .position(|c| !c.is_ascii())
            .unwrap_or(rest.len());
        out.extend_from_slice(&rest.as_bytes()[..ascii]);
        rest = &rest[ascii..];
        let run = rest
            .bytes()
            .position(|c| c.is_ascii())
            .unwrap_or(rest.len());
        push_run_in_charset(out, &rest[..run], encoding);
        rest = &rest[run..];
    }
}

/// Appends the non-ASCII characters `run` encoded in `encoding`, every octet as `%HH`, and each
/// character it cannot represent as `%26%23N%3B` ([`push_query_in_charset`]).
fn push_run_in_charset(out: &mut Vec<u8>, run: &str, encoding: &'static Encoding) {
    let mut encoder = encoding.new_encoder();
    let mut buf = [0u8; 256];
    let mut rest = run;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        for &octet in &buf[..written] {
            push_octet_bytes(out, octet);
        }
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                out.extend_from_slice(b"%26%23");
                out.extend_from_slice((c as u32).to_string().as_bytes());
                out.extend_from_slice(b"%3B");
            }
        }
    }
}
