//! iriscan: Internationalized Resource Identifiers as draft-ietf-iri-3987bis (on top of RFC 3986)
//! defines them, scanned at the speed of a table walk.
//!
//! ```
//! let iri = iriscan::IriRef::parse("https://例え.jp/パス?q=Dürst").unwrap();
//! assert_eq!(iri.host(), Some("例え.jp"));
//! assert_eq!(iri.query(), Some("q=Dürst"));
//!
//! let err = iriscan::IriRef::parse("http://example.com/a b").unwrap_err();
//! assert_eq!(err.to_string(), "' ' (U+0020) at byte 20 in the path: not allowed in ipath (3987bis 2.2)");
//! ```
//!
//! The data flow (docs/design.md): bytes go through [`scan`](IriRef::parse_as) (the generated
//! tables of [`tables`]) into an [`IriRef`], the input plus the offsets of its components.
//!
//! The types: [`IriRef`] and [`Iri`] borrow their input, [`IriRefBuf`] and [`IriBuf`] own it;
//! [`Iri`] and [`IriBuf`] are those with a scheme, which can serve as a base of resolution.
//!
//! ```
//! use iriscan::{IriBuf, IriRef};
//! let base: IriBuf = "http://例え.jp:8080/a/b".parse()?;
//! assert_eq!(base.as_iri().port_u16(), Some(8080));
//! let link = IriRef::try_from("../c?q")?;
//! assert_eq!(base.as_iri().resolve(&link), "http://例え.jp:8080/c?q");
//! assert!(IriBuf::parse("../c".to_string()).is_err()); // no scheme: not an IRI
//! # Ok::<(), iriscan::Error>(())
//! ```
//!
//! For people rather than programs: [`lint`] finds what makes a valid IRI hard to read or easy
//! to spoof (3987bis 4.2, 6.1, 8.5), and [`display`] gives the form to show (4.1, 8.6).
//!
//! # Features
//!
//! - `serde`: `Serialize` and `Deserialize` for [`IriRefBuf`] and [`IriBuf`], as strings.
//! - `internals`: not for users. The module `iriscan::internals` of hooks for iriscan's own
//!   tests and benches (the slow reference paths the fast ones are checked against, the sizes
//!   of the generated tables); no stability promise.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod compare;
pub mod display;
mod error;
pub mod extract;
mod grammar;
#[cfg(feature = "internals")]
pub mod internals;
mod iri;
pub mod lint;
pub mod map;
mod names;
pub mod normalize;
pub mod preprocess;
pub mod protocol;
pub mod resolve;
mod scan;
mod scheme;
#[allow(unsafe_code)]
mod simd;
pub mod suffix;
pub mod tables;

pub use error::{Component, Error, ErrorKind};
pub use grammar::Grammar;
pub use iri::{Iri, IriBuf, IriRef, IriRefBuf, ParseError};
pub use names::UnknownName;
pub use scan::HostKind;
pub use scheme::{is_scheme_name, scheme_info, SchemeInfo};

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
