//! Numbers and dates as each language writes them, through the browser's `Intl`
//! (`Intl.NumberFormat`, `Date.prototype.toLocaleString`), with the [`Lang::code`] as locale.
//!
//! Used by the views when they build their texts (`update` never needs them: its texts hold
//! no numbers). On the host, where there is no browser, each function falls back to a plain
//! form (digits without grouping, a dot before decimals, an ISO date in UTC) so that the host
//! tests run and read the same in every language.
//!
//! Thai dates keep the browser's default for `th`, the Buddhist Era (the year 2026 is written
//! 2569), as Thai calendars, newspapers and forms write it; the digits stay the Western ones,
//! also the default for `th`.

use crate::lang::Lang;

/// `n` with the language's digit grouping: `1,234` in English and Thai, `1 234` in French,
/// `1.234` in Portuguese, German and Vietnamese (`1234` on the host).
pub fn integer(lang: Lang, n: u64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        // Counts here are far below 2^53, where f64 is exact.
        js_sys::Number::from(n as f64)
            .to_locale_string(lang.code())
            .into()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        n.to_string()
    }
}

/// `x` with its sign always written and exactly `digits` decimals (at most 20), as the language
/// writes decimals: `+0.35` in English and Thai, `+0,35` in French, Portuguese, German and
/// Vietnamese, `-1.20` / `-1,20` below zero (`{:+.N}` on the host).
pub fn signed(lang: Lang, x: f64, digits: u8) -> String {
    let digits = digits.min(20);
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::{JsCast, JsValue};
        let options = js_sys::Object::new();
        let d = JsValue::from(f64::from(digits));
        for (k, v) in [
            ("signDisplay", JsValue::from("always")),
            ("minimumFractionDigits", d.clone()),
            ("maximumFractionDigits", d),
        ] {
            let _ = js_sys::Reflect::set(&options, &k.into(), &v);
        }
        let locales = js_sys::Array::of1(&lang.code().into());
        let format = js_sys::Intl::NumberFormat::new(&locales, &options).format();
        format
            .call1(&JsValue::NULL, &x.into())
            .ok()
            .and_then(|s| s.dyn_into::<js_sys::JsString>().ok())
            .map_or_else(|| format!("{x:+.*}", usize::from(digits)), String::from)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        format!("{x:+.*}", usize::from(digits))
    }
}

/// A moment (milliseconds since the Unix epoch) as the language writes a date with its time,
/// in the browser's time zone: "Dec 1, 2026, 2:13 PM", "1 déc. 2026, 14:13",
/// "1 ธ.ค. 2569 14:13" (Buddhist Era), "14:13 1 thg 12, 2026"; on the host "2026-12-01 14:13"
/// in UTC.
pub fn date_time(lang: Lang, ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&ms.into());
        let options = js_sys::Object::new();
        for (k, v) in [("dateStyle", "medium"), ("timeStyle", "short")] {
            let _ = js_sys::Reflect::set(&options, &k.into(), &v.into());
        }
        date.to_locale_string(lang.code(), &options).into()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        host_date_time(ms)
    }
}

/// The host's form of a moment: `YYYY-MM-DD HH:MM` in UTC; empty before 1970 or when not
/// finite.
#[cfg(any(not(target_arch = "wasm32"), test))]
fn host_date_time(ms: f64) -> String {
    let Some((y, m, d)) = crate::model::export::utc_date(ms) else {
        return String::new();
    };
    let minute = (ms / 60_000.0).floor().rem_euclid(1440.0);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        (minute / 60.0).floor(),
        minute % 60.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_fallbacks() {
        assert_eq!(integer(Lang::Fr, 1234), "1234");
        assert_eq!(signed(Lang::De, 0.35, 2), "+0.35");
        assert_eq!(signed(Lang::Th, -1.2, 2), "-1.20");
        assert_eq!(date_time(Lang::Vi, 0.0), "1970-01-01 00:00");
        // 2026-12-01 14:13 UTC, and a leap day.
        assert_eq!(host_date_time(1_796_134_380_000.0), "2026-12-01 14:13");
        assert_eq!(host_date_time(951_782_400_000.0), "2000-02-29 00:00");
        assert_eq!(host_date_time(f64::NAN), "");
    }
}
