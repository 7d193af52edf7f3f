//! What the server answers: a status, a body and its type. Every refusal
//! is hog-calc's JSON, `{"success": false, "message": "..."}`, with the
//! status that says what kind of refusal it is.

use hyper::body::Bytes;
use hyper::header::{HeaderValue, ALLOW, CONTENT_DISPOSITION, CONTENT_TYPE};
use hyper::{Method, Response, StatusCode};
use serde::Serialize;

pub struct Reply {
    pub status: StatusCode,
    content_type: &'static str,
    body: Bytes,
    /// The method a path takes, for a request with another (405).
    allow: Option<Method>,
    /// The name a browser saves the body as.
    download: Option<&'static str>,
}

impl Reply {
    fn new(status: StatusCode, content_type: &'static str, body: impl Into<Bytes>) -> Reply {
        Reply {
            status,
            content_type,
            body: body.into(),
            allow: None,
            download: None,
        }
    }

    /// A JSON value, with status 200.
    pub fn json(value: &impl Serialize) -> Reply {
        let text = serde_json::to_string(value).expect("a reply serializes");
        Reply::new(StatusCode::OK, "application/json", text)
    }

    pub fn html(page: impl Into<Bytes>) -> Reply {
        Reply::new(StatusCode::OK, "text/html; charset=utf-8", page)
    }

    /// A Python module, saved as `name`.
    pub fn python(module: impl Into<Bytes>, name: &'static str) -> Reply {
        Reply {
            download: Some(name),
            ..Reply::new(StatusCode::OK, "text/x-python; charset=utf-8", module)
        }
    }

    /// A refusal: hog-calc's `{"success": false, "message": ...}`.
    pub fn refuse(status: StatusCode, message: impl Into<String>) -> Reply {
        #[derive(Serialize)]
        struct Refusal {
            success: bool,
            message: String,
        }
        let refusal = Refusal {
            success: false,
            message: message.into(),
        };
        Reply {
            status,
            ..Reply::json(&refusal)
        }
    }

    /// A refusal of a request whose method the path does not take.
    pub fn wrong_method(allow: &Method, message: String) -> Reply {
        Reply {
            allow: Some(allow.clone()),
            ..Reply::refuse(StatusCode::METHOD_NOT_ALLOWED, message)
        }
    }

    pub fn into_response(self) -> Response<http_body_util::Full<Bytes>> {
        let mut response = Response::new(http_body_util::Full::new(self.body));
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        headers.insert(CONTENT_TYPE, HeaderValue::from_static(self.content_type));
        if let Some(allow) = self.allow {
            let allow = HeaderValue::from_str(allow.as_str()).expect("a method's name");
            headers.insert(ALLOW, allow);
        }
        if let Some(name) = self.download {
            let value = format!("attachment; filename=\"{name}\"");
            headers.insert(
                CONTENT_DISPOSITION,
                HeaderValue::from_str(&value).expect("a plain file name"),
            );
        }
        response
    }
}
