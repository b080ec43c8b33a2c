//! Numbers and dates as each language writes them, through the browser's `Intl`
//! (`Intl.NumberFormat`, `Date.prototype.toLocaleString`), with the [`Lang::code`] as locale.
//!
//! Used by the views when they build their texts, and by the model's texts that hold a number
//! (an evaluation's score); `update` never needs them. On the host, where there is no browser,
//! each function falls back to a plain form (digits without grouping, a dot before decimals,
//! an ISO date in UTC) so that the host tests run and read the same in every language.
//!
//! The calendar date of a moment in UTC, the same in every language, is here too
//! ([`utc_date`]): the PGN export (`model::export`) writes it, and the host's dates use it.
//!
//! Below the texts and the model: this module imports only [`crate::lang`]; `i18n` and
//! `model` import it.
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

/// A moment's calendar day as the language writes it, in the browser's time zone: "Dec 1,
/// 2026", "1 déc. 2026", "1 ธ.ค. 2569" (Buddhist Era); on the host "2026-12-01" in UTC.
pub fn date(lang: Lang, ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&ms.into());
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
        date.to_locale_date_string(lang.code(), &options).into()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        host_date_time(ms).chars().take(10).collect()
    }
}

/// The year, month and day (UTC) of a moment in milliseconds since the Unix epoch (the civil
/// calendar from a day count, as in Howard Hinnant's `civil_from_days`); `None` before 1970 or
/// when not finite. The PGN's `Date` tag and the export's file name are written with it.
pub fn utc_date(ms: f64) -> Option<(u16, u8, u8)> {
    if !ms.is_finite() || ms < 0.0 {
        return None;
    }
    let days = (ms / 86_400_000.0).floor() as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    Some((
        u16::try_from(year).ok()?,
        u8::try_from(month).ok()?,
        u8::try_from(day).ok()?,
    ))
}

/// The host's form of a moment: `YYYY-MM-DD HH:MM` in UTC; empty before 1970 or when not
/// finite.
#[cfg(any(not(target_arch = "wasm32"), test))]
fn host_date_time(ms: f64) -> String {
    let Some((y, m, d)) = utc_date(ms) else {
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
        assert_eq!(date(Lang::Th, 951_782_400_000.0), "2000-02-29");
        // 2026-12-01 14:13 UTC, and a leap day.
        assert_eq!(host_date_time(1_796_134_380_000.0), "2026-12-01 14:13");
        assert_eq!(host_date_time(951_782_400_000.0), "2000-02-29 00:00");
        assert_eq!(host_date_time(f64::NAN), "");
    }

    #[test]
    fn utc_dates_follow_the_calendar() {
        assert_eq!(utc_date(0.0), Some((1970, 1, 1)));
        assert_eq!(utc_date(951_782_400_000.0), Some((2000, 2, 29)));
        assert_eq!(utc_date(1_798_675_200_000.0), Some((2026, 12, 31)));
        assert_eq!(utc_date(-1.0), None);
        assert_eq!(utc_date(f64::NAN), None);
    }
}
