//! Comparison: whether two IRIs are equivalent at a rung of the ladder (3987bis 5.1, 5.3;
//! draft-masinter-iri-comparison 2 and 4), as "equivalent", "different" or "cannot tell".
//!
//! Each side is reduced to a key and the keys are compared as strings. At the simple level the
//! key is the IRI itself (5.3.1: code points, never mapped to a URI). Above it, the key is the
//! normal form mapped to a URI and normalized again, so that percent-encoding differences are
//! aligned as 5.3.2.3 says ("by converting both IRIs to URIs"): `rosé` and `ros%C3%A9` agree.
//!
//! ```
//! use iriscan::compare::{compare, CompareOptions, Equivalence};
//! use iriscan::normalize::Level;
//! use iriscan::IriRef;
//! let a = IriRef::parse("example://a/b/c/%7Bfoo%7D/rosé")?;
//! let b = IriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")?;
//! let at = |level| CompareOptions::new(level);
//! assert_eq!(compare(&a, &b, &at(Level::Simple))?, Equivalence::Different);
//! assert_eq!(compare(&a, &b, &at(Level::Syntax))?, Equivalence::Equivalent);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::map::{HostMapping, ToIriOptions, ToUriOptions};
use crate::normalize::{Level, NormalizeOptions};
use crate::protocol::ProtocolOptions;
use crate::{Grammar, Iri, IriRef};
use std::fmt;

/// The outcome of a comparison (draft-masinter-iri-comparison 2: "equivalent", "different", or
/// "equivalence cannot be determined").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Equivalence {
    /// The two are equivalent at the level.
    Equivalent,
    /// They differ at the level (they may still name the same resource: 5.1).
    Different,
    /// The level's rules cannot be applied to one of them, as when IDNA fails on a host.
    CannotTell,
}

impl Equivalence {
    /// `Some(true)`, `Some(false)`, or `None` for cannot tell.
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Equivalence::Equivalent => Some(true),
            Equivalence::Different => Some(false),
            Equivalence::CannotTell => None,
        }
    }
}

/// Options of [`compare`] and [`key`].
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct CompareOptions<'b> {
    /// The rung of the ladder.
    pub level: Level,
    /// The base that relative references are resolved against first (5.1: "applications
    /// should not directly compare relative references"); without one they are refused.
    pub base: Option<Iri<'b>>,
    /// Leave fragments out (5.1: when the comparison selects a network action).
    pub exclude_fragment: bool,
    /// The rules of protocol-based normalization (5.3.4) asked for.
    pub protocol: ProtocolOptions,
}

impl<'b> CompareOptions<'b> {
    /// The options of `level`, with fragments and without a base.
    pub fn new(level: Level) -> Self {
        CompareOptions {
            level,
            base: None,
            exclude_fragment: false,
            protocol: ProtocolOptions::default(),
        }
    }

    /// Sets the rules of protocol-based normalization.
    pub fn protocol(mut self, protocol: ProtocolOptions) -> Self {
        self.protocol = protocol;
        self
    }

    /// Sets the base for relative references.
    pub fn base(mut self, base: Iri<'b>) -> Self {
        self.base = Some(base);
        self
    }

    /// Leaves fragments out of the comparison.
    pub fn exclude_fragment(mut self, exclude: bool) -> Self {
        self.exclude_fragment = exclude;
        self
    }
}

/// A relative reference was given without a base to resolve it against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareError {
    reference: String,
}

impl fmt::Display for CompareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is a relative reference and no base was given to resolve it (3987bis 5.1)",
            self.reference
        )
    }
}

impl std::error::Error for CompareError {}

/// Compares `a` and `b` at `options.level`: [`Equivalence::Equivalent`] when their normal forms
/// at that level are the same or their [`key`]s are, [`Equivalence::CannotTell`] when either has
/// no key, [`Equivalence::Different`] otherwise.
pub fn compare(
    a: &IriRef<'_>,
    b: &IriRef<'_>,
    options: &CompareOptions<'_>,
) -> Result<Equivalence, CompareError> {
    // 5.3.1: the same characters are equivalent at every level; this also spares the work.
    if a.as_str() == b.as_str() && (a.is_absolute() || options.base.is_some()) {
        return Ok(Equivalence::Equivalent);
    }
    let (Some(a), Some(b)) = (side(a, options)?, side(b, options)?) else {
        return Ok(Equivalence::CannotTell);
    };
    Ok(match (a.key, b.key) {
        _ if a.normal == b.normal => Equivalence::Equivalent,
        (Some(x), Some(y)) if x == y => Equivalence::Equivalent,
        (Some(_), Some(_)) => Equivalence::Different,
        _ => Equivalence::CannotTell,
    })
}

/// The comparison key of `iri` at `options.level`: two IRIs whose keys are equal are
/// equivalent at that level (`iriscan dedupe` keeps the first line of each key). `Ok(None)`
/// when the level's rules cannot be applied (IDNA fails on the host at the scheme level).
///
/// - simple: the IRI as it is (5.3.1);
/// - syntax: the syntax normal form, mapped to a URI with every non-ASCII character
///   percent-encoded (the host too: IDNA is a scheme-level rule), normalized again (5.3.2);
/// - scheme: the scheme normal form, mapped to a URI (DNS hosts with IDNA ToASCII), normalized
///   again at the syntax level (5.3.3).
///
/// ```
/// use iriscan::compare::{key, CompareOptions};
/// use iriscan::normalize::Level;
/// use iriscan::IriRef;
/// let iri = IriRef::parse("HTTP://Résumé.Example.ORG:80")?;
/// let scheme = CompareOptions::new(Level::Scheme);
/// assert_eq!(key(&iri, &scheme)?.as_deref(), Some("http://xn--rsum-bpad.example.org/"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn key(iri: &IriRef<'_>, options: &CompareOptions<'_>) -> Result<Option<String>, CompareError> {
    Ok(side(iri, options)?.and_then(|side| side.key))
}

/// The comparison key of `iri` written as an IRI (above the simple level, where it is the key):
/// [`key`] with percent-encoded UTF-8 decoded
/// where 3987bis 3.7 allows and, at the scheme level, DNS hosts in Unicode, but for what the
/// display form keeps encoded (a host label that can spoof another, in ACE form at the scheme
/// level and percent-encoded below it, where the key is so; a component that breaks the bidi
/// rules of 4.2 in URI notation; invisible characters percent-encoded). Two IRIs have the same canonical form exactly when they have the same key:
/// mapped back to a URI as the level maps hosts, it is the key again.
///
/// ```
/// use iriscan::compare::{canonical, CompareOptions};
/// use iriscan::normalize::Level;
/// use iriscan::IriRef;
/// let scheme = CompareOptions::new(Level::Scheme);
/// let a = IriRef::parse("HTTP://xn--rsum-bpad.Example.ORG:80/ros%C3%A9")?;
/// let b = IriRef::parse("http://résumé.example.org/rosé")?;
/// assert_eq!(canonical(&a, &scheme)?.as_deref(), Some("http://résumé.example.org/rosé"));
/// assert_eq!(canonical(&a, &scheme)?, canonical(&b, &scheme)?);
/// // A label that passes for ASCII stays in ACE form.
/// let spoof = IriRef::parse("http://аррӏе.com/")?;
/// assert_eq!(canonical(&spoof, &scheme)?.as_deref(), Some("http://xn--80ak6aa92e.com/"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn canonical(
    iri: &IriRef<'_>,
    options: &CompareOptions<'_>,
) -> Result<Option<String>, CompareError> {
    let Some(key) = key(iri, options)? else {
        return Ok(None);
    };
    // 5.3.1: at the simple level the key is the IRI as written, which nothing may change.
    if options.level == Level::Simple {
        return Ok(Some(key));
    }
    // 3.7, as `to-iri` converts; ACE labels to Unicode only where the key is of DNS hosts in
    // ACE form (the scheme level), and what the display form keeps encoded as in the key.
    let scheme = options.level >= Level::Scheme;
    let decoded = match reparse(&key) {
        Some(uri) => uri.to_iri_with(&ToIriOptions::default().to_unicode(scheme)),
        None => return Ok(Some(key)),
    };
    Ok(Some(match reparse(&decoded) {
        Some(iri) => crate::display::safe_form_with(&iri, scheme, true),
        None => key,
    }))
}

impl IriRef<'_> {
    /// The comparison key at `options.level` ([`key`]).
    pub fn key(&self, options: &CompareOptions<'_>) -> Result<Option<String>, CompareError> {
        key(self, options)
    }

    /// The comparison key written as an IRI ([`canonical`]).
    pub fn canonical(&self, options: &CompareOptions<'_>) -> Result<Option<String>, CompareError> {
        canonical(self, options)
    }
}

/// One side of a comparison, after resolution against the base and without the fragment if so
/// asked: its normal form at the level, and its key (`None` when the level's rules cannot be
/// applied to it).
struct Side {
    normal: String,
    key: Option<String>,
}

/// The [`Side`] of `iri`; `None` when it cannot be normalized.
fn side(iri: &IriRef<'_>, options: &CompareOptions<'_>) -> Result<Option<Side>, CompareError> {
    let resolved;
    let mut iri = *iri;
    if !iri.is_absolute() {
        let base = options.base.ok_or_else(|| CompareError {
            reference: iri.as_str().to_string(),
        })?;
        resolved = base.resolve(&iri);
        let Some(r) = reparse(&resolved) else {
            return Ok(None);
        };
        iri = r;
    }
    let without_fragment;
    if options.exclude_fragment {
        if let Some(f) = iri.fragment() {
            let s = iri.as_str();
            without_fragment = s[..s.len() - f.len() - 1].to_string();
            let Some(r) = reparse(&without_fragment) else {
                return Ok(None);
            };
            iri = r;
        }
    }
    let level = options.level;
    if level == Level::Simple {
        // 5.3.1: the characters as written (with the protocol rules asked for, if any).
        let normalize = NormalizeOptions::new(level).protocol(options.protocol.clone());
        let Ok(normal) = iri.normalize_with(&normalize) else {
            return Ok(None);
        };
        let normal = normal.into_owned();
        let key = Some(normal.clone());
        return Ok(Some(Side { normal, key }));
    }
    let normalize = NormalizeOptions::new(level).protocol(options.protocol.clone());
    let Ok(normal) = iri.normalize_with(&normalize) else {
        return Ok(None);
    };
    let host = if level >= Level::Scheme {
        HostMapping::Auto
    } else {
        HostMapping::PercentEncode
    };
    let uri_options = ToUriOptions::default().host(host);
    let key = (|| {
        let uri = reparse(&normal)?.to_uri_with(&uri_options).ok()?;
        let key = reparse(&uri)?.normalize(Level::Syntax).ok()?;
        Some(key.into_owned())
    })();
    Ok(Some(Side {
        normal: normal.into_owned(),
        key,
    }))
}

/// Parses what the crate made of a valid IRI (a resolution, a normal form, a URI). Each of these
/// is valid (the fuzz targets check it); should one not be, the answer is "cannot tell", not a
/// panic.
fn reparse(s: &str) -> Option<IriRef<'_>> {
    IriRef::parse_as(s, Grammar::IriReference).ok()
}
