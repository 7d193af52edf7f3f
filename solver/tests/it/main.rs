//! The integration tests of `hog-solver`, one module per topic, in one test
//! binary (each test binary links every dependency again). A new topic is a
//! new file here and a `mod` line below.

mod blind;
mod contest_engines;
mod course_strategies;
mod courses;
mod cross_check;
mod distributions;
mod drivers;
mod engine_features;
mod evaluators;
mod exact;
mod fuzz;
mod kernel;
mod properties;
mod reference;
mod rules_examples;
mod rules_examples_contests;
mod rules_examples_semesters;
mod stop;
mod threads;
