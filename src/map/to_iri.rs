//! URI to IRI (3987bis 3.7): percent-encoded UTF-8 decoded where it gives characters an IRI may
//! hold, ACE labels of DNS hosts converted with ToUnicode.

use super::host::{has_ace_label_at, is_dns_host, to_unicode};
use super::pct::{push_octet, triplet_at};
use super::reassemble;
use crate::tables::{classify_utf8, CodePointClass};
use crate::{Component, HostKind, IriRef};
use std::borrow::Cow;
use std::convert::Infallible;

/// Options of [`IriRef::to_iri_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToIriOptions {
    /// Step 6: convert the ACE labels ("xn--") of DNS hosts with ToUnicode (default: yes).
    pub to_unicode: bool,
}

impl Default for ToIriOptions {
    fn default() -> Self {
        ToIriOptions { to_unicode: true }
    }
}

impl ToIriOptions {
    /// Sets whether ACE labels are converted with ToUnicode.
    pub fn to_unicode(mut self, on: bool) -> Self {
        self.to_unicode = on;
        self
    }
}

impl<'a> IriRef<'a> {
    /// The IRI this URI converts to (3987bis 3.7), with ToUnicode on DNS hosts. Borrows the
    /// input when nothing changes. Never fails: what cannot be decoded stays encoded.
    ///
    /// ```
    /// use iriscan::IriRef;
    /// let uri = IriRef::parse("http://xn--99zt52a.example.org/D%C3%BCrst/%e2%80%ae")?;
    /// assert_eq!(uri.to_iri(), "http://納豆.example.org/Dürst/%E2%80%AE");
    /// # Ok::<(), iriscan::Error>(())
    /// ```
    pub fn to_iri(&self) -> Cow<'a, str> {
        self.to_iri_with(&ToIriOptions::default())
    }

    /// The IRI this URI converts to, with `options`.
    ///
    /// The steps of 3.7, with two readings: percent-encoded ASCII is left as it is (step 2 would
    /// decode the unreserved characters, but that is normalization, 5.3.2.3, and would keep the
    /// IRI from mapping back to the same URI); and the input may be any IRI reference, whose
    /// characters pass through.
    pub fn to_iri_with(&self, options: &ToIriOptions) -> Cow<'a, str> {
        let input = self.as_str();
        let reg_name = self.host_kind() == Some(HostKind::RegName);
        // `to_unicode` builds a new host exactly when a label is an ACE label: ask that alone
        // here, so that IDNA runs once, in the rebuild. The cheap tests first: the scanner saw
        // a "%" or not, a host has an ACE label or not; the scheme table last.
        let host_ace = options.to_unicode
            && reg_name
            && self.host().is_some_and(|h| {
                let at = self.host_start();
                has_ace_label_at(input.as_bytes(), at, at + h.len())
            });
        let high = self.has_percent() && has_high_triplet(input.as_bytes());
        if !high && !host_ace {
            return Cow::Borrowed(input);
        }
        let dns = reg_name && is_dns_host(self.scheme());
        if !high && !dns {
            // ACE labels in a host that is not a DNS name stay as they are.
            return Cow::Borrowed(input);
        }
        let mut out = String::with_capacity(input.len());
        let done: Result<(), Infallible> = reassemble(self, &mut out, |out, component, text| {
            match component {
                // A DNS host maps back with IDNA, not percent-encoding (3.4): its
                // percent-encodings stay, or the IRI would not map back to the same URI.
                Component::Host if dns && options.to_unicode => out.push_str(&to_unicode(text)),
                Component::Host if dns || !reg_name => out.push_str(text),
                _ => push_decoded(out, text, component == Component::Query),
            }
            Ok(())
        });
        done.unwrap_or_else(|never| match never {});
        Cow::Owned(out)
    }
}

/// Whether `b` holds a `%HH` triplet of an octet >= 0x80: only those can change (steps 2 to 5
/// leave ASCII triplets as they are), so without one the input is borrowed as it is.
fn has_high_triplet(b: &[u8]) -> bool {
    memchr::memchr_iter(b'%', b).any(|i| {
        b.get(i + 1)
            .is_some_and(|&c| matches!(c, b'8'..=b'9' | b'A'..=b'F' | b'a'..=b'f'))
    })
}

/// Appends `s` with 3.7 steps 2 to 5 applied to each run of `%HH` triplets: octets >= 0x80 that
/// form strictly legal UTF-8 (step 3) for a character an IRI may hold here (step 4: `ucschar`,
/// and `iprivate` where `private`, which is the query; not the bidi formatting characters of
/// 4.1 nor the groups of 7.3) are decoded; the other octets >= 0x80 are re-encoded in uppercase;
/// triplets of ASCII octets stay as they are.
fn push_decoded(out: &mut String, s: &str, private: bool) {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let Some(first) = triplet_at(b, i) else {
            // Up to the next "%": it is ASCII or whole characters.
            let next = b[i + 1..]
                .iter()
                .position(|&c| c == b'%')
                .map_or(b.len(), |k| i + 1 + k);
            out.push_str(&s[i..next]);
            i = next;
            continue;
        };
        if first < 0x80 {
            out.push_str(&s[i..i + 3]);
            i += 3;
            continue;
        }
        // The octets of the run of triplets from here, up to the 4 a UTF-8 sequence may take.
        let mut octets = [0u8; 4];
        let mut n = 0;
        while n < 4 {
            match triplet_at(b, i + 3 * n) {
                Some(octet) if octet >= 0x80 => {
                    octets[n] = octet;
                    n += 1;
                }
                _ => break,
            }
        }
        match classify_utf8(&octets[..n]) {
            Some((class, len)) if admitted(class, private) => {
                // `classify_utf8` gave a class: the octets are well-formed UTF-8.
                out.push_str(std::str::from_utf8(&octets[..len]).expect("well-formed UTF-8"));
                i += 3 * len;
            }
            Some((_, len)) => {
                for &octet in &octets[..len] {
                    push_octet(out, octet);
                }
                i += 3 * len;
            }
            None => {
                push_octet(out, first);
                i += 3;
            }
        }
    }
}

/// 3987bis 2.2, 4.1 and 7.3: whether a decoded character may stand in the IRI.
fn admitted(class: CodePointClass, private: bool) -> bool {
    match class {
        CodePointClass::Ucschar => true,
        CodePointClass::Private | CodePointClass::Tag => private,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::IriRef;

    fn to_iri(uri: &str) -> String {
        IriRef::parse(uri).unwrap().to_iri().into_owned()
    }

    /// The three examples of 3.7.1, with the result of step 6.
    #[test]
    fn examples_of_3_7_1() {
        assert_eq!(
            to_iri("http://www.example.org/D%C3%BCrst"),
            "http://www.example.org/Dürst"
        );
        assert_eq!(
            to_iri("http://www.example.org/D%FCrst"),
            "http://www.example.org/D%FCrst"
        );
        assert_eq!(
            to_iri("http://xn--99zt52a.example.org/%e2%80%ae"),
            "http://納豆.example.org/%E2%80%AE"
        );
    }

    #[test]
    fn what_stays_encoded() {
        // Section 10: the overlong "/" stays; so do reserved and ASCII triplets, lowercase.
        assert_eq!(to_iri("http://a/%C0%AF%2f%41"), "http://a/%C0%AF%2f%41");
        // A truncated sequence, then a good one.
        assert_eq!(to_iri("http://a/%E2%82%C3%A9"), "http://a/%E2%82é");
        // Surrogates and non-characters (7.3) stay, in uppercase.
        assert_eq!(
            to_iri("http://a/%ed%a0%80%ef%bf%be"),
            "http://a/%ED%A0%80%EF%BF%BE"
        );
        // Private use is decoded in the query only.
        assert_eq!(
            to_iri("http://a/%EE%80%80?%EE%80%80"),
            "http://a/%EE%80%80?\u{E000}"
        );
        // C1 controls stay.
        assert_eq!(to_iri("http://a/%C2%85"), "http://a/%C2%85");
        // Bidi formatting characters stay (4.1, 7.3), ALM and the isolates with them (README);
        // the Arabic characters around ALM are decoded.
        assert_eq!(
            to_iri("http://a/%D8%9B%D8%9C%D8%9D%E2%81%A6%E2%80%8E"),
            "http://a/\u{61B}%D8%9C\u{61D}%E2%81%A6%E2%80%8E"
        );
    }

    #[test]
    fn borrows_when_nothing_changes() {
        for u in [
            "http://example.org/a?b#c",
            "http://a/%20%2f?%3D",
            "http://a/%7e",
        ] {
            let uri = IriRef::parse(u).unwrap();
            assert!(matches!(uri.to_iri(), std::borrow::Cow::Borrowed(_)), "{u}");
        }
        let uri = IriRef::parse("http://a/%e9").unwrap();
        assert_eq!(uri.to_iri(), "http://a/%E9");
    }

    #[test]
    fn to_unicode_can_be_turned_off() {
        let uri = IriRef::parse("http://xn--99zt52a.example.org/").unwrap();
        let options = super::ToIriOptions::default().to_unicode(false);
        assert_eq!(uri.to_iri_with(&options), "http://xn--99zt52a.example.org/");
    }
}
