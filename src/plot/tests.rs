//! Figures' layout and ticks.

use super::*;

fn figure(panels: usize, columns: usize) -> Figure {
    Figure {
        panels: (0..panels)
            .map(|i| Panel {
                title: vec![format!("panel {i}")],
                cells: Cells::Actions {
                    actions: Square::from_fn(10, |s, o| ((s + o) % 12) as i8 - 1),
                    legend: -1..=10,
                },
            })
            .collect(),
        columns,
    }
}

#[test]
fn the_map_lies_where_the_docs_say() {
    register_fonts();
    let mut rgb = vec![0u8; (PANEL_WIDTH * PANEL_HEIGHT * 3) as usize];
    let root =
        BitMapBackend::with_buffer(&mut rgb, (PANEL_WIDTH, PANEL_HEIGHT)).into_drawing_area();
    let chart_area = root.shrink(
        (PLOT_LEFT - Y_LABEL_AREA, PLOT_TOP),
        (Y_LABEL_AREA + PLOT_SIZE, PLOT_SIZE + X_LABEL_AREA),
    );
    let chart = ChartBuilder::on(&chart_area)
        .margin(0)
        .x_label_area_size(X_LABEL_AREA)
        .y_label_area_size(Y_LABEL_AREA)
        .build_cartesian_2d(0..100, 0..100)
        .unwrap();
    let (x, y) = chart.plotting_area().get_pixel_range();
    assert_eq!(x, PLOT_LEFT as i32..(PLOT_LEFT + PLOT_SIZE) as i32);
    assert_eq!(y, PLOT_TOP as i32..(PLOT_TOP + PLOT_SIZE) as i32);
}

#[test]
fn sizes_follow_the_grid() {
    assert_eq!(figure(1, 1).size(), (900, 800));
    assert_eq!(figure(2, 2).size(), (1800, 800));
    assert_eq!(figure(4, 2).size(), (1800, 1600));
    assert_eq!(figure(4, 2).panel_origin(3), (900, 800));
    let png = png(&figure(2, 2)).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn extensions_choose_the_format() {
    use std::path::Path;
    assert_eq!(Format::from_path(Path::new("a.png")).unwrap(), Format::Png);
    assert_eq!(
        Format::from_path(Path::new("a/b.SVG")).unwrap(),
        Format::Svg
    );
    for bad in ["a.jpg", "a", "png"] {
        let error = Format::from_path(Path::new(bad)).unwrap_err().to_string();
        assert!(error.contains(".png, .svg or .html"), "{error}");
    }
}

#[test]
fn colours() {
    assert_eq!(action_colour(-1), RGBColor(0x44, 0xBB, 0x99));
    assert_eq!(action_colour(10), RGBColor(0xCC, 0x66, 0x77));
    assert_eq!(probability_colour(0.0), VIRIDIS[0]);
    assert_eq!(probability_colour(1.0), VIRIDIS[10]);
    assert_eq!(probability_colour(0.5), VIRIDIS[5]);
    assert_eq!(difference_colour(0.0, 0.1), RED_BLUE[4]);
    assert_eq!(difference_colour(0.1, 0.1), RED_BLUE[8]);
    assert_eq!(difference_colour(-0.5, 0.1), RED_BLUE[0]);
}

/// CIELAB (D65) of an sRGB colour seen through a linear-RGB matrix.
fn lab_seen(colour: RGBColor, seen: [[f64; 3]; 3]) -> [f64; 3] {
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let rgb = [linear(colour.0), linear(colour.1), linear(colour.2)];
    let [r, g, b] = seen.map(|row| (0..3).map(|j| row[j] * rgb[j]).sum::<f64>().clamp(0.0, 1.0));
    let xyz = [
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    ];
    let f = xyz.map(|t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    });
    [
        116.0 * f[1] - 16.0,
        500.0 * (f[0] - f[1]),
        200.0 * (f[1] - f[2]),
    ]
}

#[test]
fn neighbouring_actions_differ_for_every_kind_of_colour_vision() {
    // Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
    let visions = [
        (
            "normal",
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        ),
        (
            "protanopia",
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        ),
    ];
    for (vision, matrix) in visions {
        for pair in ACTION_COLOURS.windows(2) {
            let (a, b) = (lab_seen(pair[0], matrix), lab_seen(pair[1], matrix));
            let delta = (0..3).map(|i| (a[i] - b[i]).powi(2)).sum::<f64>().sqrt();
            assert!(
                delta >= 42.0,
                "{vision}: {:?} and {:?} differ by {delta}",
                pair[0],
                pair[1]
            );
        }
    }
    // Paul Tol's muted and light schemes, as he publishes them.
    let tol = [
        0xCC6677, 0x332288, 0xDDCC77, 0x117733, 0x88CCEE, 0x882255, 0x44AA99, 0x999933, 0xAA4499,
        0x77AADD, 0xEE8866, 0xEEDD88, 0xFFAABB, 0x99DDFF, 0x44BB99, 0xBBCC33, 0xAAAA00,
    ];
    for colour in ACTION_COLOURS {
        let hex = (colour.0 as u32) << 16 | (colour.1 as u32) << 8 | colour.2 as u32;
        assert!(tol.contains(&hex), "{hex:06X} is not one of Tol's");
    }
}

#[test]
fn difference_scales_are_round() {
    let scale = |ds: &[f64]| {
        let cells = Square::from_fn(2, |s, o| ds.get((s * 2 + o) as usize).copied());
        difference_scale(&cells)
    };
    assert_eq!(scale(&[]), 0.001);
    assert_eq!(scale(&[0.003, -0.0001]), 0.005);
    assert_eq!(scale(&[-0.011]), 0.02);
    assert_eq!(scale(&[0.2]), 0.2);
    assert_eq!(scale(&[0.9]), 1.0);
}

#[test]
fn score_ticks_end_at_the_last_score() {
    assert_eq!(
        score_ticks(100),
        [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 99]
    );
    // 35 would crowd 36: a third of the step 5 is more than 1.
    assert_eq!(score_ticks(37), [0, 5, 10, 15, 20, 25, 30, 36]);
    assert_eq!(score_ticks(1), [0]);
    assert_eq!(score_ticks(2), [0, 1]);
    assert_eq!(score_ticks(11), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert_eq!(score_ticks(5000).last(), Some(&4999));
}
