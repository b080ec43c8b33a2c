//! The page's texts as translators write them: one Fluent file per language in `texts/`, named
//! by the language's ISO 639-1 code (`en.ftl`, `fr.ftl`, …), English the reference.
//!
//! Read here, checked against English and written out as Rust by the build script
//! (`build/main.rs`, into `$OUT_DIR/texts.rs`, which `src/i18n.rs` includes); the crate's tests
//! read the same files through this module.
//!
//! What a file may hold (anything else is refused with the file, the line and the key):
//! - a message whose value is text with variables, `BtnNew = New game`,
//!   `FiftyCounter = 50-move rule: { $n } of 50`; a string literal (`{ "{" }`) writes a
//!   character Fluent reserves;
//! - a counted message, one select on `$n` by CLDR plural category with `other` the default:
//!   `SavedSummary = { $n -> [one] { $date } · { $n } move *[other] { $date } · { $n } moves }`
//!   (the categories a language's rules pick are checked by the crate's tests against CLDR);
//! - comments: `###` about the file, `##` heading a group, `#` on the message below (in
//!   `en.ftl` a counted message's comment is its documentation).
//!
//! Every file has exactly the messages of `en.ftl`, each of the same kind (counted or not) and
//! with the same variables.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use fluent_syntax::ast;

/// The code of the reference language, whose file every other is checked against.
pub const REFERENCE: &str = "en";

/// CLDR's plural categories in CLDR's order: the keys a counted message's variants may have.
pub const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// A message's text in the form the page fills at run time: each Fluent `{ $name }` written
/// `{name}`, string literals unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// A text without a count.
    Plain(String),
    /// A counted text: one text per CLDR category the file writes (in CLDR order; `other`
    /// always among them).
    Counted(Vec<(&'static str, String)>),
}

/// One message of a language's file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message's identifier: the key's name (`BtnNew`).
    pub id: String,
    /// The comment just above it, if any.
    pub comment: Option<String>,
    /// Its text.
    pub text: Text,
    /// The variables it uses (`n`, `date`, …), in every variant of a counted text.
    pub variables: BTreeSet<String>,
    /// Its line in the file (1-based).
    pub line: usize,
}

/// One language's file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// The ISO 639-1 code: the file's name without `.ftl`.
    pub code: String,
    /// Its messages, in the file's order.
    pub messages: Vec<Message>,
}

impl Language {
    /// The file's name as the errors give it: `texts/fr.ftl`.
    fn file(&self) -> String {
        file_name(&self.code)
    }

    /// The message `id`, if the file has it.
    fn get(&self, id: &str) -> Option<&Message> {
        self.messages.iter().find(|m| m.id == id)
    }

    /// The name of the language's `Lang` variant: the code with a capital (`fr` → `Fr`).
    pub fn variant(&self) -> String {
        let mut chars = self.code.chars();
        chars
            .next()
            .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
            .unwrap_or_default()
    }
}

fn file_name(code: &str) -> String {
    format!("texts/{code}.ftl")
}

/// The line (1-based) of byte `offset` in `source`.
fn line_of(source: &str, offset: usize) -> usize {
    source
        .get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

/// The line where the `nth` (0-based) message or term `id` begins: its identifier at the start
/// of a line, then `=`.
fn line_of_message(source: &str, id: &str, nth: usize) -> usize {
    source
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            line.strip_prefix(id)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .nth(nth)
        .map_or(0, |(i, _)| i + 1)
}

/// Reads the file of the language `code` from its `source`.
///
/// # Errors
/// Every problem found, one sentence each naming the file, the line and the message: Fluent
/// the parser refuses, terms and attributes (not used), a message given twice, a placeable
/// other than a variable or a string literal, a select that is not on `$n` by CLDR category
/// with `other` the default.
pub fn read(code: &str, source: &str) -> Result<Language, Vec<String>> {
    let file = file_name(code);
    let mut errors = Vec::new();
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(resource) => resource,
        Err((resource, parse_errors)) => {
            for e in parse_errors {
                errors.push(format!(
                    "{file} line {}: not Fluent: {}",
                    line_of(source, e.pos.start),
                    e.kind
                ));
            }
            resource
        }
    };
    let mut messages: Vec<Message> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for entry in resource.body {
        match entry {
            ast::Entry::Message(message) => {
                let id = message.id.name.to_owned();
                let nth = seen.iter().filter(|&&s| s == id).count();
                seen.push(message.id.name);
                let line = line_of_message(source, &id, nth);
                let at = format!("{file} line {line}: `{id}`");
                if nth > 0 {
                    errors.push(format!("{at} is given twice"));
                    continue;
                }
                if !message.attributes.is_empty() {
                    errors.push(format!("{at} has attributes, which the page does not use"));
                }
                let Some(value) = message.value else {
                    errors.push(format!("{at} has no text"));
                    continue;
                };
                match text_of(&value) {
                    Ok((text, variables)) => messages.push(Message {
                        id,
                        comment: message.comment.map(|c| c.content.join("\n")),
                        text,
                        variables,
                        line,
                    }),
                    Err(e) => errors.push(format!("{at}: {e}")),
                }
            }
            ast::Entry::Term(term) => errors.push(format!(
                "{file} line {}: the term `-{}` is not used: write its text in each message",
                line_of_message(source, &format!("-{}", term.id.name), 0),
                term.id.name
            )),
            ast::Entry::Comment(_)
            | ast::Entry::GroupComment(_)
            | ast::Entry::ResourceComment(_)
            | ast::Entry::Junk { .. } => {}
        }
    }
    if errors.is_empty() {
        Ok(Language {
            code: code.to_owned(),
            messages,
        })
    } else {
        Err(errors)
    }
}

/// A message's value as a [`Text`] with the variables it uses.
fn text_of(pattern: &ast::Pattern<&str>) -> Result<(Text, BTreeSet<String>), String> {
    if let [
        ast::PatternElement::Placeable {
            expression: ast::Expression::Select { selector, variants },
        },
    ] = pattern.elements.as_slice()
    {
        let ast::InlineExpression::VariableReference { id } = selector else {
            return Err("a select must be on the count `$n`".to_owned());
        };
        if id.name != "n" {
            return Err(format!(
                "a select must be on the count `$n`, not `${}`",
                id.name
            ));
        }
        let mut forms: Vec<(&'static str, String)> = Vec::new();
        let mut variables: Option<BTreeSet<String>> = None;
        for variant in variants {
            let ast::VariantKey::Identifier { name } = &variant.key else {
                return Err(
                    "a count's variants are CLDR plural categories (one, other, …), not numbers"
                        .to_owned(),
                );
            };
            let Some(category) = CATEGORIES.into_iter().find(|c| c == name) else {
                return Err(format!(
                    "`[{name}]` is not a CLDR plural category (zero, one, two, few, many, other)"
                ));
            };
            if variant.default != (category == "other") {
                return Err("the default variant (`*`) must be `[other]`".to_owned());
            }
            if forms.iter().any(|(c, _)| *c == category) {
                return Err(format!("`[{category}]` is given twice"));
            }
            let (text, used) = plain(&variant.value)?;
            match &variables {
                Some(first) if *first != used => {
                    return Err(format!(
                        "its variants use different variables: {} and {}",
                        list(first),
                        list(&used)
                    ));
                }
                Some(_) => {}
                None => variables = Some(used),
            }
            forms.push((category, text));
        }
        forms.sort_by_key(|(c, _)| CATEGORIES.iter().position(|k| k == c));
        return Ok((Text::Counted(forms), variables.unwrap_or_default()));
    }
    let (text, variables) = plain(pattern)?;
    Ok((Text::Plain(text), variables))
}

/// A pattern without a select as the run-time text, with the variables it uses.
fn plain(pattern: &ast::Pattern<&str>) -> Result<(String, BTreeSet<String>), String> {
    let mut text = String::new();
    let mut variables = BTreeSet::new();
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => text.push_str(value),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(inline),
            } => match inline {
                ast::InlineExpression::VariableReference { id } => {
                    text.push('{');
                    text.push_str(id.name);
                    text.push('}');
                    variables.insert(id.name.to_owned());
                }
                ast::InlineExpression::StringLiteral { value } => {
                    text.push_str(&fluent_syntax::unicode::unescape_unicode_to_string(value));
                }
                _ => {
                    return Err(
                        "a placeable holds a variable (`{ $n }`) or a string literal, nothing else"
                            .to_owned(),
                    );
                }
            },
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { .. },
            } => {
                return Err(
                    "a select on `$n` must be the whole message, one full text per category"
                        .to_owned(),
                );
            }
        }
    }
    Ok((text, variables))
}

/// `{ $a }, { $b }`, or `no variable`.
fn list(variables: &BTreeSet<String>) -> String {
    if variables.is_empty() {
        return "no variable".to_owned();
    }
    variables
        .iter()
        .map(|v| format!("{{ ${v} }}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks `language` against the reference file.
///
/// # Errors
/// Every difference, one sentence each naming the file and the key: a message of the reference
/// that the file lacks, a message the reference does not have, a counted message written
/// without its select (or the reverse), other variables than the reference's.
pub fn check(reference: &Language, language: &Language) -> Result<(), Vec<String>> {
    let file = language.file();
    let mut errors = Vec::new();
    for wanted in &reference.messages {
        let Some(message) = language.get(&wanted.id) else {
            errors.push(format!(
                "{file}: `{}` is missing ({} has it)",
                wanted.id,
                reference.file()
            ));
            continue;
        };
        let at = format!("{file} line {}: `{}`", message.line, message.id);
        match (&wanted.text, &message.text) {
            (Text::Plain(_), Text::Counted(_)) => errors.push(format!(
                "{at} is a select on `$n`, where {} has one text",
                reference.file()
            )),
            (Text::Counted(_), Text::Plain(_)) => errors.push(format!(
                "{at} must be a select on `$n` by plural category, as in {}",
                reference.file()
            )),
            _ => {}
        }
        if message.variables != wanted.variables {
            errors.push(format!(
                "{at} uses {} where {} uses {}",
                list(&message.variables),
                reference.file(),
                list(&wanted.variables)
            ));
        }
    }
    for message in &language.messages {
        if reference.get(&message.id).is_none() {
            errors.push(format!(
                "{file} line {}: `{}` is not a message of {}",
                message.line,
                message.id,
                reference.file()
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Reads every `*.ftl` of `dir` and checks each against `en.ftl`: the languages, English
/// first, then by code.
///
/// # Errors
/// Every problem of every file (see [`read`] and [`check`]), and a folder without `en.ftl`,
/// or a file not named by a two- or three-letter lower-case code.
pub fn read_dir(dir: &Path) -> Result<Vec<Language>, Vec<String>> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| vec![format!("cannot read the texts in {}: {e}", dir.display())])?;
    let mut sources = Vec::new();
    let mut errors = Vec::new();
    for entry in entries {
        let path = match entry {
            Ok(entry) => entry.path(),
            Err(e) => {
                errors.push(format!("cannot read the texts in {}: {e}", dir.display()));
                continue;
            }
        };
        if path.extension().and_then(|e| e.to_str()) != Some("ftl") {
            continue;
        }
        let code = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned();
        if !(2..=3).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_lowercase()) {
            errors.push(format!(
                "{}: a language's file is named by its ISO 639-1 code, as `fr.ftl`",
                path.display()
            ));
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(source) => sources.push((code, source)),
            Err(e) => errors.push(format!("cannot read {}: {e}", path.display())),
        }
    }
    sources.sort_by(|(a, _), (b, _)| (a != REFERENCE, a).cmp(&(b != REFERENCE, b)));
    if sources.first().is_none_or(|(code, _)| code != REFERENCE) {
        errors.push(format!(
            "{}: the reference {} is missing",
            dir.display(),
            file_name(REFERENCE)
        ));
        return Err(errors);
    }
    let mut languages = Vec::new();
    for (code, source) in &sources {
        match read(code, source) {
            Ok(language) => languages.push(language),
            Err(e) => errors.extend(e),
        }
    }
    if let Some((reference, others)) = languages.split_first()
        && reference.code == REFERENCE
    {
        for language in others {
            if let Err(e) = check(reference, language) {
                errors.extend(e);
            }
        }
    }
    if errors.is_empty() {
        Ok(languages)
    } else {
        Err(errors)
    }
}

/// The Rust source of the texts: the `Key` and `Counted` enums (every message of `en.ftl`, in
/// its order), their names and English texts, and each language's texts on the host, by
/// `Lang` variant (the file's code with a capital: `fr.ftl` gives `Lang::Fr`). `languages` is
/// what [`read_dir`] gives: English first, each file checked.
pub fn generate(languages: &[Language]) -> String {
    let mut out = String::new();
    let Some(english) = languages.first() else {
        return out;
    };
    let (counted, plain): (Vec<&Message>, Vec<&Message>) = english
        .messages
        .iter()
        .partition(|m| matches!(m.text, Text::Counted(_)));
    let _ = writeln!(
        out,
        "// Written by the build script (build/main.rs) from texts/*.ftl: edit those files.\n"
    );

    // Key.
    out.push_str(
        "/// A user-visible string (a message of `texts/en.ftl`); its documentation is the \
         English text.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum Key {\n",
    );
    for m in &plain {
        let _ = writeln!(out, "    #[doc = {:?}]\n    {},", english_text(m), m.id);
    }
    out.push_str("}\n\nimpl Key {\n");
    out.push_str("    /// Every key, in the order of `texts/en.ftl`.\n");
    out.push_str("    pub const ALL: &'static [Key] = &[\n");
    for m in &plain {
        let _ = writeln!(out, "        Key::{},", m.id);
    }
    out.push_str("    ];\n\n");
    out.push_str(
        "    /// The key's name, as written in `data-i18n` attributes and the catalogs.\n    \
         pub fn name(self) -> &'static str {\n        match self {\n",
    );
    for m in &plain {
        let _ = writeln!(out, "            Key::{0} => {0:?},", m.id);
    }
    out.push_str("        }\n    }\n\n");
    out.push_str(
        "    /// The English text (the one built into the browser's module).\n    \
         pub fn english(self) -> &'static str {\n        match self {\n",
    );
    for m in &plain {
        let _ = writeln!(out, "            Key::{} => {:?},", m.id, english_text(m));
    }
    out.push_str("        }\n    }\n}\n\n");

    // Counted.
    out.push_str(
        "/// A user-visible string that holds a count `{n}` (a select on `$n` in the files), \
         with a text per plural category.\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         pub enum Counted {\n",
    );
    for m in &counted {
        let doc = m.comment.clone().unwrap_or_else(|| english_text(m));
        let _ = writeln!(out, "    #[doc = {doc:?}]\n    {},", m.id);
    }
    out.push_str("}\n\nimpl Counted {\n");
    out.push_str("    /// Every counted key, in the order of `texts/en.ftl`.\n");
    out.push_str("    pub const ALL: &'static [Counted] = &[\n");
    for m in &counted {
        let _ = writeln!(out, "        Counted::{},", m.id);
    }
    out.push_str("    ];\n\n");
    out.push_str(
        "    /// The key's name, as written in the catalogs.\n    \
         pub fn name(self) -> &'static str {\n        match self {\n",
    );
    for m in &counted {
        let _ = writeln!(out, "            Counted::{0} => {0:?},", m.id);
    }
    out.push_str("        }\n    }\n\n");
    out.push_str(
        "    /// The English texts (the ones built into the browser's module).\n    \
         pub fn english(self) -> Forms {\n        match self {\n",
    );
    for m in &counted {
        let _ = writeln!(out, "            Counted::{} => {},", m.id, forms(&m.text));
    }
    out.push_str("        }\n    }\n}\n\n");

    // Every language on the host, by `Lang`.
    out.push_str(
        "/// The text of `key` in `lang` (on the host: the browser loads the languages but \
         English from their catalogs).\n\
         #[cfg(not(target_arch = \"wasm32\"))]\n\
         pub(super) fn text(lang: Lang, key: Key) -> &'static str {\n    \
         // A `Lang` without its file, or a file without its `Lang`, stops here.\n    \
         match lang {\n",
    );
    for language in languages {
        let _ = writeln!(
            out,
            "        Lang::{} => text_{}(key),",
            language.variant(),
            language.code
        );
    }
    out.push_str("    }\n}\n\n");
    out.push_str(
        "/// The texts of the counted `key` in `lang` (on the host).\n\
         #[cfg(not(target_arch = \"wasm32\"))]\n\
         pub(super) fn forms(lang: Lang, key: Counted) -> Forms {\n    match lang {\n",
    );
    for language in languages {
        let _ = writeln!(
            out,
            "        Lang::{} => forms_{}(key),",
            language.variant(),
            language.code
        );
    }
    out.push_str("    }\n}\n");
    for language in languages {
        let code = &language.code;
        let _ = write!(
            out,
            "\n/// The texts of `texts/{code}.ftl`.\n\
             #[cfg(not(target_arch = \"wasm32\"))]\n\
             fn text_{code}(key: Key) -> &'static str {{\n    match key {{\n"
        );
        for m in &plain {
            let text = match language.get(&m.id).map(|m| &m.text) {
                Some(Text::Plain(text)) => text.clone(),
                _ => english_text(m),
            };
            let _ = writeln!(out, "        Key::{} => {text:?},", m.id);
        }
        out.push_str("    }\n}\n");
        let _ = write!(
            out,
            "\n/// The counted texts of `texts/{code}.ftl`.\n\
             #[cfg(not(target_arch = \"wasm32\"))]\n\
             fn forms_{code}(key: Counted) -> Forms {{\n    match key {{\n"
        );
        for m in &counted {
            let text = language.get(&m.id).map_or(&m.text, |m| &m.text);
            let _ = writeln!(out, "        Counted::{} => {},", m.id, forms(text));
        }
        out.push_str("    }\n}\n");
    }
    out
}

/// A message's English text: the text, or a counted message's `other`.
fn english_text(message: &Message) -> String {
    match &message.text {
        Text::Plain(text) => text.clone(),
        Text::Counted(forms) => forms
            .iter()
            .find(|(c, _)| *c == "other")
            .map(|(_, t)| t.clone())
            .unwrap_or_default(),
    }
}

/// A counted text as a `Forms` expression: `Forms { other: "…", one: Some("…"), ..Forms::NONE }`.
fn forms(text: &Text) -> String {
    let Text::Counted(forms) = text else {
        return "Forms::NONE".to_owned();
    };
    let mut out = String::from("Forms { ");
    for (category, text) in forms {
        if *category == "other" {
            let _ = write!(out, "other: {text:?}, ");
        } else {
            let _ = write!(out, "{category}: Some({text:?}), ");
        }
    }
    out.push_str("..Forms::NONE }");
    out
}
