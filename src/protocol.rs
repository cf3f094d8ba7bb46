//! Protocol-based normalization (3987bis 5.3.4): what a web spider may add to the ladder when
//! it accepts that two IRIs it calls equivalent could, rarely, name different resources ("even
//! more aggressive techniques"; 5.1: a false positive is worse than a false negative, so each
//! rule is asked for). The protocol level ([`Level::Protocol`](crate::normalize::Level)) is
//! the scheme level with the fragment and an empty query left out; the rules below are options
//! of every level.
//!
//! ```
//! use iriscan::normalize::{Level, NormalizeOptions};
//! use iriscan::protocol::ProtocolOptions;
//! use iriscan::IriRef;
//!
//! let protocol = ProtocolOptions::new().sort_query(true).drop_tracking(true).strip_www(true);
//! let options = NormalizeOptions::new(Level::Protocol).protocol(protocol);
//! let iri = IriRef::parse("HTTP://www.Example.com:80/do?utm_source=x&c=3&b=5&b=2&a=50#top")?;
//! assert_eq!(iri.normalize_with(&options)?, "http://example.com/do?a=50&b=2&b=5&c=3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{HostKind, IriRef};
use std::borrow::Cow;

/// The rules of protocol-based normalization, each asked for on its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ProtocolOptions {
    /// The query's `&`-separated arguments sorted by name, then by value (stable), compared as
    /// URIs write them; empty arguments left out.
    pub sort_query: bool,
    /// The query read as `application/x-www-form-urlencoded` (WHATWG URL Standard 5): `+` and
    /// `%20` are one space, every argument has an `=`, and each is encoded one way.
    pub form_query: bool,
    /// Arguments whose name matches one of these globs (`*` any characters, `?` one) are left
    /// out.
    pub drop_params: Vec<String>,
    /// The arguments of [`TRACKING_PARAMS`] are left out.
    pub drop_tracking: bool,
    /// `www.` is left out of a registered name with at least two labels after it.
    pub strip_www: bool,
}

/// Query arguments that only track where a visitor came from, and who uses them: what
/// [`ProtocolOptions::drop_tracking`] leaves out (globs, as [`ProtocolOptions::drop_params`]).
pub const TRACKING_PARAMS: [(&str, &str); 20] = [
    ("utm_*", "Google Analytics campaign parameters (UTM)"),
    ("_ga", "Google Analytics cross-domain linker"),
    ("_gl", "Google tag linker"),
    ("gclid", "Google Ads click"),
    ("gbraid", "Google Ads click, iOS apps"),
    ("wbraid", "Google Ads click, iOS web"),
    ("dclid", "Google Display (DoubleClick) click"),
    ("fbclid", "Facebook click"),
    ("igshid", "Instagram share"),
    ("msclkid", "Microsoft Advertising click"),
    ("yclid", "Yandex Direct click"),
    ("twclid", "X (Twitter) Ads click"),
    ("ttclid", "TikTok Ads click"),
    ("li_fat_id", "LinkedIn first-party ad tracking"),
    ("mc_cid", "Mailchimp campaign"),
    ("mc_eid", "Mailchimp recipient"),
    ("_hsenc", "HubSpot email tracking"),
    ("_hsmi", "HubSpot email tracking"),
    ("mkt_tok", "Marketo email tracking"),
    ("vero_id", "Vero email tracking"),
];

impl ProtocolOptions {
    /// No rule.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`ProtocolOptions::sort_query`].
    pub fn sort_query(mut self, on: bool) -> Self {
        self.sort_query = on;
        self
    }

    /// Sets [`ProtocolOptions::form_query`].
    pub fn form_query(mut self, on: bool) -> Self {
        self.form_query = on;
        self
    }

    /// Sets [`ProtocolOptions::drop_params`].
    pub fn drop_params<I, S>(mut self, globs: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.drop_params = globs.into_iter().map(Into::into).collect();
        self
    }

    /// Sets [`ProtocolOptions::drop_tracking`].
    pub fn drop_tracking(mut self, on: bool) -> Self {
        self.drop_tracking = on;
        self
    }

    /// Sets [`ProtocolOptions::strip_www`].
    pub fn strip_www(mut self, on: bool) -> Self {
        self.strip_www = on;
        self
    }

    /// Whether no rule is asked for.
    pub fn is_empty(&self) -> bool {
        *self == ProtocolOptions::default()
    }

    /// Whether the query must be read argument by argument.
    fn reads_query(&self) -> bool {
        self.sort_query || self.form_query || self.drop_tracking || !self.drop_params.is_empty()
    }

    /// Whether the argument named `name` is left out.
    fn drops(&self, name: &str) -> bool {
        let tracking = TRACKING_PARAMS.iter().map(|&(glob, _)| glob);
        self.drop_params.iter().any(|g| glob_matches(g, name))
            || self.drop_tracking && tracking.into_iter().any(|g| glob_matches(g, name))
    }
}

/// `iri`, a normal form, with the rules of `options`, and without its fragment and an empty
/// query when `level_rules` (the protocol level's own). Borrowed when nothing changes.
pub(crate) fn apply<'a>(
    iri: &IriRef<'a>,
    options: &ProtocolOptions,
    level_rules: bool,
) -> Cow<'a, str> {
    let host = iri.host().map(|h| match options.strip_www {
        true if iri.host_kind() == Some(HostKind::RegName) => without_www(h),
        _ => h,
    });
    let query = match iri.query() {
        Some(q) if options.reads_query() => Some(Cow::Owned(query(q, options))),
        q => q.map(Cow::Borrowed),
    };
    let query = query.filter(|q| !(level_rules && q.is_empty()));
    let fragment = iri.fragment().filter(|_| !level_rules);
    let unchanged =
        host == iri.host() && query.as_deref() == iri.query() && fragment == iri.fragment();
    if unchanged {
        return Cow::Borrowed(iri.as_str());
    }
    let s = iri.as_str();
    let mut out = String::with_capacity(s.len());
    match (iri.host(), host) {
        (Some(written), Some(h)) => {
            let at = written.as_ptr() as usize - s.as_ptr() as usize;
            out.push_str(&s[..at]);
            out.push_str(h);
            out.push_str(&s[at + written.len()..iri.path_end()]);
        }
        _ => out.push_str(&s[..iri.path_end()]),
    }
    if let Some(q) = query {
        out.push('?');
        out.push_str(&q);
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    Cow::Owned(out)
}

/// `host` without a first label `www` when two labels or more follow it.
fn without_www(host: &str) -> &str {
    match host.get(..4) {
        Some(www) if www.eq_ignore_ascii_case("www.") && host[4..].contains('.') => &host[4..],
        _ => host,
    }
}

/// The query `q` read argument by argument as `options` says.
fn query(q: &str, options: &ProtocolOptions) -> String {
    let mut args: Vec<(Cow<'_, str>, Option<Cow<'_, str>>)> = q
        .split('&')
        .filter(|a| !a.is_empty())
        .map(|a| match a.split_once('=') {
            Some((n, v)) => (Cow::Borrowed(n), Some(Cow::Borrowed(v))),
            None => (Cow::Borrowed(a), None),
        })
        .filter(|(n, _)| !options.drops(n))
        .collect();
    if options.form_query {
        for (name, value) in &mut args {
            *name = Cow::Owned(form_encode(&form_decode(name)));
            *value = Some(Cow::Owned(form_encode(&form_decode(
                value.as_deref().unwrap_or(""),
            ))));
        }
    }
    if options.sort_query {
        // As URIs write them, so that "é" and "%C3%A9" sort alike.
        args.sort_by(|a, b| sort_key(a).cmp(&sort_key(b)));
    }
    let mut out = String::with_capacity(q.len());
    for (k, (name, value)) in args.iter().enumerate() {
        if k > 0 {
            out.push('&');
        }
        out.push_str(name);
        if let Some(v) = value {
            out.push('=');
            out.push_str(v);
        }
    }
    out
}

/// What an argument is sorted by: its name and value as a URI writes them.
fn sort_key<'s>(
    arg: &'s (Cow<'_, str>, Option<Cow<'_, str>>),
) -> (Cow<'s, str>, Option<Cow<'s, str>>) {
    (uri_form(&arg.0), arg.1.as_deref().map(uri_form))
}

/// `s` with its non-ASCII characters percent-encoded as UTF-8 (3987bis 3.6).
fn uri_form(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(crate::display::encode_non_ascii(s))
    }
}

/// Appends `%HH` for `b`, uppercase (RFC 3986 2.1).
fn push_triplet(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

/// The bytes of an `application/x-www-form-urlencoded` name or value (WHATWG URL Standard 5.1:
/// `+` is a space, then percent-decoding).
fn form_decode(s: &str) -> Vec<u8> {
    crate::map::pct::decode_all(&s.replace('+', " "))
}

/// The `application/x-www-form-urlencoded` serialization of `bytes` (WHATWG URL Standard 5.2:
/// `*-._` and alphanumerics as they are, a space as `+`, every other byte percent-encoded), but
/// `~` left as it is.
fn form_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        match b {
            b' ' => out.push('+'),
            // And "~", which is unreserved (RFC 3986 2.3): syntax-based normalization would
            // decode it again.
            b'*' | b'-' | b'.' | b'_' | b'~' => out.push(char::from(b)),
            b if b.is_ascii_alphanumeric() => out.push(char::from(b)),
            b => push_triplet(&mut out, b),
        }
    }
    out
}

/// Whether `name` matches `glob`: `*` matches any characters, `?` one, the others themselves.
fn glob_matches(glob: &str, name: &str) -> bool {
    let (g, n) = (glob.as_bytes(), name.as_bytes());
    // The classic walk with one saved star, in bytes: `?` takes a whole UTF-8 character.
    let width = |i: usize| name[i..].chars().next().map_or(1, char::len_utf8);
    let (mut gi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if gi < g.len() && g[gi] == b'?' {
            gi += 1;
            ni += width(ni);
        } else if gi < g.len() && g[gi] != b'*' && g[gi] == n[ni] {
            gi += 1;
            ni += 1;
        } else if gi < g.len() && g[gi] == b'*' {
            star = Some((gi, ni));
            gi += 1;
        } else if let Some((sg, sn)) = star {
            let next = sn + width(sn);
            gi = sg + 1;
            ni = next;
            star = Some((sg, next));
        } else {
            return false;
        }
    }
    g[gi..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_matches("utm_*", "utm_source"));
        assert!(glob_matches("utm_*", "utm_"));
        assert!(!glob_matches("utm_*", "xutm_source"));
        assert!(glob_matches("a?c", "abc"));
        assert!(!glob_matches("a?c", "ac"));
        assert!(glob_matches("*id", "fbclid"));
        assert!(glob_matches("*", ""));
        assert!(!glob_matches("fbclid", "fbclid2"));
        assert!(glob_matches("a*b*c", "axxbyyc"));
        assert!(glob_matches("?", "é"));
        assert!(glob_matches("a?", "aé"));
        assert!(!glob_matches("?", "éé"));
        assert!(glob_matches("*é", "xxé"));
    }

    #[test]
    fn www_with_two_labels_after_it() {
        assert_eq!(without_www("www.example.com"), "example.com");
        assert_eq!(without_www("WWW.example.co.uk"), "example.co.uk");
        assert_eq!(without_www("www.com"), "www.com");
        assert_eq!(without_www("www2.example.com"), "www2.example.com");
    }

    #[test]
    fn form_urlencoding_one_way() {
        assert_eq!(form_encode(&form_decode("a+b%20c%2Bd")), "a+b+c%2Bd");
        assert_eq!(form_encode(&form_decode("Dürst")), "D%C3%BCrst");
        assert_eq!(form_encode(&form_decode("%7e~")), "~~");
    }
}
