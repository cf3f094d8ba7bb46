//! The `serde` feature: an `IriRefBuf` or an `IriBuf` is a JSON string, and a bad string is
//! refused.
#![cfg(feature = "serde")]

use iriscan::{IriBuf, IriRefBuf};

#[test]
fn round_trip_and_validation() {
    let iri: IriRefBuf = "https://例え.jp/パス?q=1".parse().unwrap();
    let json = serde_json::to_string(&iri).unwrap();
    assert_eq!(json, "\"https://例え.jp/パス?q=1\"");
    let back: IriRefBuf = serde_json::from_str(&json).unwrap();
    assert_eq!(back, iri);
    assert_eq!(back.as_iri_ref().host(), Some("例え.jp"));
    let err = serde_json::from_str::<IriRefBuf>("\"http://h/a b\"").unwrap_err();
    assert!(err.to_string().contains("at byte 10 in the path"), "{err}");
}

#[test]
fn iri_buf_round_trip_and_validation() {
    let iri: IriBuf = "https://例え.jp/パス?q=1#f".parse().unwrap();
    let json = serde_json::to_string(&iri).unwrap();
    assert_eq!(json, "\"https://例え.jp/パス?q=1#f\"");
    let back: IriBuf = serde_json::from_str(&json).unwrap();
    assert_eq!(back, iri);
    assert_eq!(back.as_iri().scheme(), "https");
    // A relative reference is an IriRefBuf, not an IriBuf.
    assert!(serde_json::from_str::<IriRefBuf>("\"/a\"").is_ok());
    let err = serde_json::from_str::<IriBuf>("\"/a\"").unwrap_err();
    assert!(err.to_string().contains("needs a scheme"), "{err}");
}
