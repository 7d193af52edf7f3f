//! Crisp text for PNG heatmaps: a bitmap backend that lays text out itself.

use ab_glyph::{point, Font, FontRef, Glyph, PxScale, ScaleFont};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

use super::FONT_BYTES;

/// A bitmap backend that lays text out itself with ab_glyph (pen advance,
/// kerning and each glyph's side bearing), because plotters 0.3's own
/// ab_glyph text drops the side bearings and spaces letters unevenly.
/// Everything else goes to the bitmap backend unchanged. Text is always
/// the bundled DejaVu Sans, whatever family the style names.
pub(super) struct CrispText<'a> {
    inner: BitMapBackend<'a>,
    font: FontRef<'static>,
}

type BitmapError<'a> = DrawingErrorKind<<BitMapBackend<'a> as DrawingBackend>::ErrorType>;

impl<'a> CrispText<'a> {
    pub(super) fn new(inner: BitMapBackend<'a>) -> CrispText<'a> {
        CrispText {
            inner,
            font: FontRef::try_from_slice(FONT_BYTES).expect("the bundled font loads"),
        }
    }

    /// The glyphs of `text` at `size` pixels, the pen starting at (0, ascent),
    /// and the text's width and height.
    fn layout(&self, text: &str, size: f64) -> (Vec<Glyph>, i32, i32) {
        let font = self.font.as_scaled(PxScale::from(size as f32));
        let mut glyphs = Vec::new();
        let mut x = 0.0f32;
        let mut previous = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(previous) = previous {
                x += font.kern(previous, id);
            }
            glyphs.push(id.with_scale_and_position(font.scale(), point(x, font.ascent())));
            x += font.h_advance(id);
            previous = Some(id);
        }
        (glyphs, x.ceil() as i32, font.height().ceil() as i32)
    }
}

impl<'a> DrawingBackend for CrispText<'a> {
    type ErrorType = <BitMapBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), BitmapError<'a>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), BitmapError<'a>> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), BitmapError<'a>> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), BitmapError<'a>> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), BitmapError<'a>> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), BitmapError<'a>> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), BitmapError<'a>> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), BitmapError<'a>> {
        self.inner.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), BitmapError<'a>> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), BitmapError<'a>> {
        let (_, width, height) = self.layout(text, style.size());
        Ok((width as u32, height as u32))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), BitmapError<'a>> {
        let colour = style.color();
        if colour.alpha == 0.0 {
            return Ok(());
        }
        let (glyphs, width, height) = self.layout(text, style.size());
        let dx = match style.anchor().h_pos {
            HPos::Left => 0,
            HPos::Center => -width / 2,
            HPos::Right => -width,
        };
        let dy = match style.anchor().v_pos {
            VPos::Top => 0,
            VPos::Center => -height / 2,
            VPos::Bottom => -height,
        };
        let transform = style.transform();
        let mut pixels = Vec::new();
        for glyph in glyphs {
            if let Some(outline) = self.font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                outline.draw(|x, y, coverage| {
                    let (x, y) = transform.transform(
                        bounds.min.x as i32 + x as i32 + dx,
                        bounds.min.y as i32 + y as i32 + dy,
                    );
                    pixels.push(((pos.0 + x, pos.1 + y), coverage));
                });
            }
        }
        for (at, coverage) in pixels {
            if coverage > 0.0 {
                let alpha = colour.alpha * coverage.min(1.0) as f64;
                self.inner.draw_pixel(
                    at,
                    BackendColor {
                        alpha,
                        rgb: colour.rgb,
                    },
                )?;
            }
        }
        Ok(())
    }
}
