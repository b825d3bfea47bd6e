// Drawing and editing one zone's polygon (ADR 0084) with terra-draw and its
// MapLibre adapter: `draw` — click the corners, click the first one (or double-click) to
// close; `edit` — the polygon given, with its vertices to drag, midpoints to insert new ones,
// the whole shape to drag; `off` — nothing. Each finished or changed shape is handed to
// `onGeometry`. The page decides what the shape is: `editKey` changes when another shape (or a
// new drawing) starts, and only then is the drawing set up again.
import { useEffect, useRef, useState } from 'react';
import {
  TerraDraw,
  TerraDrawPolygonMode,
  TerraDrawRenderMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useLatest, useMap } from '../core/map-context';

export interface ZoneDrawLayerProps {
  mode: 'off' | 'draw' | 'edit';
  /** the shape to edit (mode `edit`) */
  geometry?: GeoJSON.Polygon | null;
  /** what is being drawn or edited: a change sets the drawing up again */
  editKey: string;
  colour: string;
  onGeometry(geometry: GeoJSON.Polygon | null): void;
}

// a corner dragged across another edge is refused on the spot (the server would refuse it too)
const EDITABLE = {
  polygon: {
    feature: {
      draggable: true,
      validation: (feature: GeoJSONStoreFeatures) => ValidateNotSelfIntersecting(feature),
      coordinates: { midpoints: true, draggable: true, deletable: true },
    },
  },
};

export function ZoneDrawLayer({ mode, geometry, editKey, colour, onGeometry }: ZoneDrawLayerProps) {
  const map = useMap();
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const changed = useLatest(onGeometry);
  const shape = useLatest(geometry);
  // the layer's own clear and add are not the user's changes
  const syncing = useRef(false);

  useEffect(() => {
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, prefixId: 'zone-draw' }),
      modes: [
        new TerraDrawPolygonMode({
          validation: (feature) => ValidateNotSelfIntersecting(feature),
        }),
        new TerraDrawSelectMode({ flags: EDITABLE }),
        new TerraDrawRenderMode({ modeName: 'static', styles: {} }),
      ],
    });
    // modes are set once the adapter is ready (its layers exist): clicks before are lost
    instance.on('ready', () => setDraw(instance));
    instance.start();
    const emit = () => {
      if (syncing.current) return;
      const polygon = instance
        .getSnapshot()
        .find(
          (feature) => feature.geometry.type === 'Polygon' && !feature.properties.currentlyDrawing,
        );
      changed.current(polygon ? (polygon.geometry as GeoJSON.Polygon) : null);
    };
    instance.on('finish', (id) => {
      // a drawn polygon is at once editable
      if (instance.getMode() === 'polygon') {
        instance.setMode('select');
        instance.selectFeature(id);
      }
      emit();
    });
    instance.on('change', (_, type) => {
      if (type === 'delete') emit();
    });
    return () => {
      setDraw(null);
      instance.stop();
    };
  }, [map, changed]);

  useEffect(() => {
    if (!draw) return;
    const hex = colour as `#${string}`;
    draw.updateModeOptions<typeof TerraDrawPolygonMode>('polygon', {
      styles: { fillColor: hex, outlineColor: hex, fillOpacity: 0.25, outlineWidth: 2 },
    });
    draw.updateModeOptions<typeof TerraDrawSelectMode>('select', {
      styles: {
        selectedPolygonColor: hex,
        selectedPolygonOutlineColor: hex,
        selectedPolygonFillOpacity: 0.25,
        selectedPolygonOutlineWidth: 2,
        selectionPointColor: hex,
        midPointColor: hex,
      },
    });
  }, [draw, colour]);

  useEffect(() => {
    if (!draw) return;
    syncing.current = true;
    draw.clear();
    if (mode === 'draw') {
      draw.setMode('polygon');
    } else if (mode === 'edit' && shape.current) {
      draw.setMode('select');
      const feature = {
        type: 'Feature',
        geometry: shape.current,
        properties: { mode: 'polygon' },
      } as GeoJSONStoreFeatures;
      const [result] = draw.addFeatures([feature]);
      if (result?.valid) draw.selectFeature(result.id!);
    } else {
      draw.setMode('static');
    }
    // what the map takes clicks for now, once its camera is still (what the e2e test waits
    // for before drawing)
    const canvas = map.getCanvas();
    delete canvas.dataset.drawMode;
    const modeNow = draw.getMode();
    const say = () => (canvas.dataset.drawMode = modeNow);
    if (map.isMoving()) map.once('moveend', say);
    else say();
    syncing.current = false;
    // the shape is read when an edit starts (editKey, mode), not at each of its changes
  }, [draw, map, mode, editKey, shape]);

  return null;
}
