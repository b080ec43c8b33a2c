//! The audio effect: plays each [`Sound`] with Web Audio, synthesised on the spot from
//! oscillators and a noise buffer shaped by short envelopes (no sound file). Every sound is
//! short and quiet (one master gain below full scale).
//!
//! Browsers let a page make sound only after a user gesture, so the `AudioContext` is created
//! (or resumed) on the first pointer press or key press. A sound asked for before that is not
//! heard.
//!
//! A burst of move sounds (asked within [`BURST_MS`] of each other) is played once, the
//! latest.
//!
//! Test hook: every sound this effect plays (or would play, before the first gesture) is
//! pushed by name ([`Sound::name`]) onto the array `window.__aseanSounds`. The update asks for
//! no sound while sounds are off, so a muted sound is never recorded.

use crate::model::sound::Sound;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use web_sys::{
    AudioBuffer, AudioContext, AudioContextState, AudioParam, AudioScheduledSourceNode,
    BiquadFilterType, GainNode, OscillatorType,
};

/// The master volume (0..1): the sounds' peaks stay well below full scale.
const MASTER_GAIN: f32 = 0.45;

/// Silence for the exponential envelopes, which cannot reach 0.
const SILENT: f32 = 0.0001;

/// Seconds of white noise kept for the taps.
const NOISE_SECONDS: f32 = 0.25;

/// What exists once a gesture has allowed sound.
struct Voice {
    ctx: AudioContext,
    master: GainNode,
    noise: AudioBuffer,
    /// When (in the context's time, seconds) the last sound asked for has had its turn: the
    /// next one starts after it, so a move and the game's end do not blur together.
    free_at: f64,
}

/// Move sounds asked for within this many milliseconds of each other are one sound, the
/// latest: a burst of moves (a tab back from a freeze, the events a reconnection catches up,
/// a premove played at once) is heard once, never as a rattle. Below what a player notices.
const BURST_MS: i32 = 40;

/// The audio effect.
#[derive(Clone, Default)]
pub struct Audio {
    voice: Rc<RefCell<Option<Voice>>>,
    /// The move sound waiting for the end of its burst.
    pending: Rc<RefCell<Option<Sound>>>,
}

/// Whether `sound` is a move's (coalesced in a burst): a move, a capture, a check.
fn is_move(sound: Sound) -> bool {
    matches!(sound, Sound::Move | Sound::Capture | Sound::Check)
}

impl Audio {
    /// The effect, listening for the first gesture that allows sound.
    pub fn new() -> Audio {
        let audio = Audio::default();
        if let Some(w) = web_sys::window() {
            for event in ["pointerdown", "keydown"] {
                let a = audio.clone();
                let unlock = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| a.unlock());
                // The capture phase: the board stops its keys from bubbling.
                let _ = w.add_event_listener_with_callback_and_bool(
                    event,
                    unlock.as_ref().unchecked_ref(),
                    true,
                );
                unlock.forget();
            }
        }
        audio
    }

    /// Creates the context on a gesture, or resumes it when the browser suspended it.
    fn unlock(&self) {
        let mut voice = self.voice.borrow_mut();
        if voice.is_none() {
            *voice = start();
        }
        if let Some(v) = voice.as_ref()
            && v.ctx.state() == AudioContextState::Suspended
        {
            let _ = v.ctx.resume();
        }
    }

    /// Plays `sound` (after the sound before it): a move's at the end of its burst
    /// ([`BURST_MS`], the latest of the burst), any other at once after the move waiting.
    pub fn play(&self, sound: Sound) {
        if is_move(sound) {
            let first = self.pending.borrow_mut().replace(sound).is_none();
            if first {
                let a = self.clone();
                crate::dom::after_ms(BURST_MS, move || a.flush());
            }
            return;
        }
        self.flush();
        self.sound(sound);
    }

    /// Plays the move sound waiting, if any.
    fn flush(&self) {
        let waiting = self.pending.borrow_mut().take();
        if let Some(s) = waiting {
            self.sound(s);
        }
    }

    /// Plays `sound` now (after the sound before it) and records it in `window.__aseanSounds`.
    fn sound(&self, sound: Sound) {
        record(sound);
        let mut voice = self.voice.borrow_mut();
        let Some(v) = voice.as_mut() else { return };
        let at = v.ctx.current_time().max(v.free_at) + 0.005;
        match synthesise(v, sound, at) {
            Ok(length) => v.free_at = at + length,
            Err(e) => crate::dom::log(&format!("sound {}: {e:?}", sound.name())),
        }
    }
}

/// The context, its master gain and the noise buffer, or `None` where Web Audio is missing.
fn start() -> Option<Voice> {
    let ctx = AudioContext::new().ok()?;
    let master = ctx.create_gain().ok()?;
    master.gain().set_value(MASTER_GAIN);
    master.connect_with_audio_node(&ctx.destination()).ok()?;
    let rate = ctx.sample_rate();
    let len = (rate * NOISE_SECONDS) as u32;
    let noise = ctx.create_buffer(1, len, rate).ok()?;
    // White noise from a fixed xorshift: the same taps every time.
    let mut x: u32 = 0x9e37_79b9;
    let samples: Vec<f32> = (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x as f32 / u32::MAX as f32) * 2.0 - 1.0
        })
        .collect();
    noise.copy_to_channel(&samples, 0).ok()?;
    Some(Voice {
        ctx,
        master,
        noise,
        free_at: 0.0,
    })
}

/// Pushes the sound's name onto `window.__aseanSounds` (the test hook).
fn record(sound: Sound) {
    let Some(w) = web_sys::window() else { return };
    let key = JsValue::from_str("__aseanSounds");
    let list = match js_sys::Reflect::get(&w, &key).map(JsCast::dyn_into::<js_sys::Array>) {
        // The page's own array (not a copy).
        Ok(Ok(a)) => a,
        _ => {
            let a = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&w, &key, &a);
            a
        }
    };
    list.push(&JsValue::from_str(sound.name()));
}

/// A rise to `peak` in `attack` seconds from `at`, then an exponential fall to silence at
/// `at + length`.
fn envelope(p: &AudioParam, at: f64, attack: f64, length: f64, peak: f32) -> Result<(), JsValue> {
    p.set_value_at_time(SILENT, at)?;
    p.exponential_ramp_to_value_at_time(peak, at + attack)?;
    p.exponential_ramp_to_value_at_time(SILENT, at + length)?;
    Ok(())
}

/// Starts `source` at `at` and stops it at `until` (seconds, the context's time).
fn run(source: &AudioScheduledSourceNode, at: f64, until: f64) -> Result<(), JsValue> {
    source.start_with_when(at)?;
    source.stop_with_when(until)
}

/// A tone of `kind` from `freq` (gliding to `to` when given, in hertz) for `length` seconds.
fn tone(
    v: &Voice,
    kind: OscillatorType,
    freq: f32,
    to: Option<f32>,
    at: f64,
    length: f64,
    peak: f32,
) -> Result<(), JsValue> {
    let osc = v.ctx.create_oscillator()?;
    osc.set_type(kind);
    osc.frequency().set_value_at_time(freq, at)?;
    if let Some(end) = to {
        osc.frequency()
            .exponential_ramp_to_value_at_time(end, at + length)?;
    }
    let gain = v.ctx.create_gain()?;
    envelope(&gain.gain(), at, 0.006, length, peak)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&v.master)?;
    run(&osc, at, at + length + 0.02)
}

/// A burst of noise through a band-pass filter around `band` hertz: a tap of wood.
fn tap(v: &Voice, band: f32, q: f32, at: f64, length: f64, peak: f32) -> Result<(), JsValue> {
    let src = v.ctx.create_buffer_source()?;
    src.set_buffer(Some(&v.noise));
    let filter = v.ctx.create_biquad_filter()?;
    filter.set_type(BiquadFilterType::Bandpass);
    filter.frequency().set_value_at_time(band, at)?;
    filter.q().set_value_at_time(q, at)?;
    let gain = v.ctx.create_gain()?;
    envelope(&gain.gain(), at, 0.002, length, peak)?;
    src.connect_with_audio_node(&filter)?;
    filter.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&v.master)?;
    run(&src, at, at + length + 0.02)
}

/// Schedules `sound` at `at`; returns how long it lasts before the next sound may begin
/// (seconds).
fn synthesise(v: &Voice, sound: Sound, at: f64) -> Result<f64, JsValue> {
    use OscillatorType::{Sine, Triangle};
    Ok(match sound {
        Sound::Move => {
            tap(v, 1900.0, 1.4, at, 0.05, 0.5)?;
            tone(v, Sine, 300.0, Some(150.0), at, 0.07, 0.3)?;
            0.08
        }
        Sound::Capture => {
            tap(v, 1200.0, 1.0, at, 0.09, 0.7)?;
            tone(v, Sine, 220.0, Some(110.0), at, 0.12, 0.4)?;
            tap(v, 2400.0, 2.0, at + 0.035, 0.04, 0.3)?;
            0.13
        }
        Sound::Check => {
            tap(v, 1900.0, 1.4, at, 0.05, 0.4)?;
            tone(v, Triangle, 740.0, None, at + 0.02, 0.11, 0.22)?;
            tone(v, Triangle, 988.0, None, at + 0.11, 0.14, 0.22)?;
            0.26
        }
        Sound::Win => {
            let notes = [523.25, 659.25, 783.99, 1046.5];
            for (i, f) in notes.into_iter().enumerate() {
                let last = i + 1 == notes.len();
                let length = if last { 0.5 } else { 0.3 };
                tone(v, Sine, f, None, at + 0.11 * i as f64, length, 0.2)?;
            }
            0.85
        }
        Sound::Loss => {
            let notes = [392.0, 329.63, 261.63];
            for (i, f) in notes.into_iter().enumerate() {
                let last = i + 1 == notes.len();
                let length = if last { 0.6 } else { 0.34 };
                tone(v, Triangle, f, None, at + 0.17 * i as f64, length, 0.18)?;
            }
            0.95
        }
        Sound::Draw => {
            tone(v, Sine, 523.25, None, at, 0.6, 0.14)?;
            tone(v, Sine, 783.99, None, at, 0.6, 0.12)?;
            0.6
        }
        Sound::LowTime => {
            tone(v, Sine, 1046.5, None, at, 0.08, 0.2)?;
            0.1
        }
        Sound::Count(left) => {
            let f = match left {
                0 => 1760.0,
                1 => 1568.0,
                _ => 1318.5,
            };
            tone(v, Triangle, f, None, at, 0.07, 0.2)?;
            0.09
        }
    })
}
