//! The `serde` feature: an `IriRefBuf` is a JSON string, and a bad string is refused.
#![cfg(feature = "serde")]

use iriscan::IriRefBuf;

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
