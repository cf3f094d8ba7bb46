//! Public suffixes and registrable domains (eTLD+1) of DNS hosts, by the Public Suffix List
//! (<https://publicsuffix.org/>) as the `psl` crate embeds it ([`LIST`]): for politeness and
//! per-site budgets, a crawler groups hosts by the domain a registrant holds. Computed on the
//! ACE form of the host (UTS #46 ToASCII, as 3987bis 3.4 maps hosts), written in Unicode
//! (ToUnicode).
//!
//! ```
//! use iriscan::suffix::{registrable_domain, public_suffix, Sections};
//! assert_eq!(registrable_domain("www.example.co.uk", Sections::All).as_deref(), Some("example.co.uk"));
//! assert_eq!(public_suffix("www.食狮.公司.cn", Sections::All).as_deref(), Some("公司.cn"));
//! // A private suffix of the list, or only the ICANN section.
//! assert_eq!(registrable_domain("example.github.io", Sections::All).as_deref(), Some("example.github.io"));
//! assert_eq!(registrable_domain("example.github.io", Sections::Icann).as_deref(), Some("github.io"));
//! // A public suffix has no registrable domain, and a single label no suffix.
//! assert_eq!(registrable_domain("co.uk", Sections::All), None);
//! assert_eq!(public_suffix("localhost", Sections::All), None);
//! ```

use crate::{HostKind, IriRef};

/// The list: the Public Suffix List as the `psl` crate of this version embeds it (the crate is
/// published again whenever the list changes).
pub const LIST: &str = "Public Suffix List of psl 2.1.247";

/// Which sections of the list count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sections {
    /// The ICANN section and the private one (`github.io`, `blogspot.com`...): what browsers
    /// use for cookies.
    #[default]
    All,
    /// The ICANN section alone: the domains registries delegate.
    Icann,
}

/// The public suffix of the DNS host `host` (in Unicode), or `None` for a single label, an
/// empty label, or a host that IDNA refuses. A trailing dot is left out.
pub fn public_suffix(host: &str, sections: Sections) -> Option<String> {
    let (ace, suffix) = split(host, sections)?;
    unicode(&ace[ace.len() - suffix..])
}

/// The registrable domain of the DNS host `host` (in Unicode): its public suffix and the label
/// before it; `None` when the host is a public suffix itself, or has no suffix
/// ([`public_suffix`]).
pub fn registrable_domain(host: &str, sections: Sections) -> Option<String> {
    let (ace, suffix) = split(host, sections)?;
    let before = ace.len().checked_sub(suffix + 1)?;
    let start = ace[..before].rfind('.').map_or(0, |dot| dot + 1);
    unicode(&ace[start..])
}

impl IriRef<'_> {
    /// The public suffix of the host, when it is a registered name ([`public_suffix`]).
    pub fn public_suffix(&self, sections: Sections) -> Option<String> {
        public_suffix(self.dns_host()?, sections)
    }

    /// The registrable domain of the host, when it is a registered name
    /// ([`registrable_domain`]).
    pub fn registrable_domain(&self, sections: Sections) -> Option<String> {
        registrable_domain(self.dns_host()?, sections)
    }

    /// The host, when it is a registered name (not an IP literal).
    fn dns_host(&self) -> Option<&str> {
        self.host()
            .filter(|_| self.host_kind() == Some(HostKind::RegName))
    }
}

/// The ACE form of `host` and the length in bytes of its public suffix in it.
fn split(host: &str, sections: Sections) -> Option<(String, usize)> {
    let host = host.strip_suffix('.').unwrap_or(host);
    if host.is_empty() || host.starts_with('.') || host.contains("..") {
        return None;
    }
    let mut out = Vec::with_capacity(host.len());
    crate::map::host::push_idna(&mut out, host).ok()?;
    let ace = String::from_utf8(out).ok()?.to_ascii_lowercase();
    if !ace.contains('.') {
        return None;
    }
    let mut suffix = psl::suffix(ace.as_bytes())?;
    // The ICANN suffix under a private one: the private one less its first label, looked up
    // again, until the section is ICANN's (or the list's default rule, "*").
    while sections == Sections::Icann && suffix.typ() == Some(psl::Type::Private) {
        let s = suffix.as_bytes();
        let dot = s.iter().position(|&c| c == b'.')?;
        suffix = psl::suffix(&s[dot + 1..])?;
    }
    let len = suffix.as_bytes().len();
    Some((ace, len))
}

/// `ace` in Unicode (ToUnicode), or as it is when IDNA refuses it.
fn unicode(ace: &str) -> Option<String> {
    Some(match crate::map::host_to_unicode(ace) {
        Ok(u) => u.into_owned(),
        Err(_) => ace.to_string(),
    })
}
