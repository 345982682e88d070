// The lumis' instances drawn in runs (renderer.js): a program for each shape — pictures from the form atlas,
// rings, discs (a quad or a rim and its inside: strip-indices.js says why a disc takes two calls) — each run of
// packed instances (batches.js) sharing a blend and a shape drawn in one call with the instances' records read
// from their texture (instance-store.js). A program is given the analytic shapes' bands and the atlas's boxes
// again only when they have changed since it last drew.

import { Shape, annulusSegments } from './analytic-forms.js';
import { ATLAS_EXTENT } from './atlas.js';
import { INSTANCE_TEXTURE_UNIT } from './instance-store.js';
import {
  ANNULUS_FRAGMENT, ANNULUS_VERTEX, DISC_INSIDE_VERTEX, DISC_QUAD_VERTEX, INSTANCE_UNIFORMS, PICTURE_FRAGMENT, PICTURE_VERTEX,
  SOLID_FRAGMENT, shapeVertices,
} from './instance-shaders.js';
import { buildProgram } from './shaders.js';

/** The instance programs of one WebGL2 context, and the drawing of runs with them. */
export class InstanceRuns {
  /**
   * Runs drawn with `instances` (an InstanceStore), the circles and rings of `shapes` (AnalyticShapes) and the
   * pictures of `atlas()`, the form atlas as it is now (the renderer makes a new one for a new size).
   */
  constructor(gl, { instances, shapes, atlas }) {
    Object.assign(this, { gl, instances, shapes, atlas });
    /** The instance programs: one for each shape, and the inside of a disc. */
    this.programs = {
      [Shape.picture]: buildProgram(gl, PICTURE_VERTEX, PICTURE_FRAGMENT, INSTANCE_UNIFORMS),
      [Shape.annulus]: buildProgram(gl, ANNULUS_VERTEX, ANNULUS_FRAGMENT, INSTANCE_UNIFORMS),
      [Shape.discQuad]: buildProgram(gl, DISC_QUAD_VERTEX, ANNULUS_FRAGMENT, INSTANCE_UNIFORMS),
      discInside: buildProgram(gl, DISC_INSIDE_VERTEX, SOLID_FRAGMENT, INSTANCE_UNIFORMS),
    };
    this.programs[Shape.disc] = this.programs[Shape.annulus];
    /** The instance programs not yet given the bands and the boxes as they are now. */
    this.staleBands = new Set();
    this.staleBoxes = new Set();
  }

  /**
   * Draws runs of packed instances into the bound framebuffer, `width × height` pixels with the canvas at
   * `area`, one call per run (a disc's two), each run's blend set by `blendFor(gl, blend)`.
   */
  draw(runs, area, width, height, blendFor) {
    if (runs.length === 0) return;
    const gl = this.gl, atlas = this.atlas(), segments = annulusSegments(area.scale);
    this.noteChangedUniforms(atlas);
    atlas.bind(0);
    this.instances.bind();
    const placed = new Set();
    const drawWith = (program, vertices, run) => {
      if (!placed.has(program)) {
        placed.add(program);
        this.place(program, area, width, height, segments, atlas);
      } else {
        gl.useProgram(program.program);
      }
      this.instances.draw(vertices, run.first, run.count);
    };
    for (const run of runs) {
      blendFor(gl, run.blend);
      drawWith(this.programs[run.shape], shapeVertices(run.shape, segments), run);
      if (run.shape === Shape.disc) drawWith(this.programs.discInside, shapeVertices('discInside', segments), run);
    }
  }

  /** Marks the instance programs that need the analytic shapes' bands or the atlas's boxes given again. */
  noteChangedUniforms(atlas) {
    const programs = Object.values(this.programs);
    if (this.shapes.changed) {
      for (const program of programs) this.staleBands.add(program);
      this.shapes.changed = false;
    }
    if (atlas.boxesChanged) {
      for (const program of programs) this.staleBoxes.add(program);
      atlas.boxesChanged = false;
    }
  }

  /**
   * Makes `program` the one in use, its uniforms set for drawing on `width × height` pixels with the canvas
   * at `area`, circles and rings on polygons of `segments` sides.
   */
  place(program, area, width, height, segments, atlas) {
    const gl = this.gl, { uniforms } = program;
    gl.useProgram(program.program);
    gl.uniform4f(uniforms.canvasToClip,
      (2 * area.scale) / width, (-2 * area.scale) / height,
      (2 * area.x) / width - 1, 1 - (2 * area.y) / height);
    gl.uniform1f(uniforms.extent, ATLAS_EXTENT);
    gl.uniform1f(uniforms.pixelsPerUnit, area.scale);
    gl.uniform1i(uniforms.atlas, 0);
    gl.uniform1i(uniforms.instances, INSTANCE_TEXTURE_UNIT);
    gl.uniform1i(uniforms.segments, segments);
    if (this.staleBands.delete(program)) gl.uniform4fv(uniforms.bands, this.shapes.bands);
    if (this.staleBoxes.delete(program)) gl.uniform4fv(uniforms.boxes, atlas.boxes);
  }

  /** Frees the programs (not needed after a context loss, which frees them all). */
  dispose() {
    for (const program of new Set(Object.values(this.programs))) this.gl.deleteProgram(program.program);
  }
}
