//! The one error collector of the crate: every macro reports all it finds in one
//! pass, combined into a single `syn::Error` (one `compile_error!` each, in the order
//! found).

/// Errors gathered so that all of them are reported at once.
#[derive(Default)]
pub(crate) struct Errors(Option<syn::Error>);

impl Errors {
    /// Adds one error.
    pub fn push(&mut self, err: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(err),
            None => self.0 = Some(err),
        }
    }

    /// Adds an error at `tokens`.
    pub fn at(&mut self, tokens: impl quote::ToTokens, message: impl std::fmt::Display) {
        self.push(syn::Error::new_spanned(tokens, message));
    }

    /// Adds the error of `result`, if any, and returns its value.
    pub fn check<T>(&mut self, result: syn::Result<T>) -> Option<T> {
        result.map_err(|e| self.push(e)).ok()
    }

    /// Whether nothing was pushed.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// `Ok(value)` if nothing was pushed, otherwise all errors combined.
    pub fn finish<T>(self, value: T) -> syn::Result<T> {
        match self.0 {
            Some(err) => Err(err),
            None => Ok(value),
        }
    }
}
