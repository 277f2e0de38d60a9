import { useEffect, useMemo, useState } from 'react';
import L from 'leaflet';
import { MAP_CENTRE, SEARCH_MAP, searchMapStatus, type ProviderSearchResponse } from '@siteflow/core';
import {
  Circle,
  ClusterMarker,
  DotMarker,
  MapView,
  PinMarker,
  Tooltip,
  useMap,
  useMapEvents,
  type LatLng,
} from '../../ui/map';
import { fanOutStacks, groupByCell } from './search-clusters';
import { circleBounds } from './search-filters';
import { markerColour } from './status';

type Props = {
  centre: ProviderSearchResponse['centre'];
  isProject: boolean;
  distance: number;
  items: ProviderSearchResponse['items'];
  selectedId: string | null;
  /** The last 'Show on map' of the list (n counts them, so asking again for the same one shows it again). */
  shown: { id: string; n: number } | null;
  onSelect: (id: string) => void;
};

type Item = Props['items'][number];
type Located = Item & { business_address: { lat: number; lng: number } };
/** 'Show on map' brings the map at least this close: a suburb across, where neighbours part. */
export const SHOW_ZOOM = 12;
/** From this zoom on every provider has its own marker (those at one address fanned out around it). */
const CLUSTER_MAX_ZOOM = 16;

const located = (r: Item): r is Located => r.business_address.lat !== null && r.business_address.lng !== null;

/**
 * The search map (a lazy chunk: it carries Leaflet): a marker per result coloured by its search-map
 * status, the centre marked, and the distance drawn as a circle when it limits the search.
 */
export default function SearchMap({ centre, isProject, distance, items, selectedId, shown, onSelect }: Props) {
  const start: LatLng = centre ?? MAP_CENTRE;
  const points = items.filter(located).map((r) => ({ lat: r.business_address.lat, lng: r.business_address.lng }));
  const boundsKey = `${start.lat},${start.lng},${distance},${centre ? 1 : 0},${points.map((p) => `${p.lat},${p.lng}`).join(';')}`;
  // With a distance the map shows its circle; otherwise the centre and every result.
  const bounds = useMemo(
    () =>
      centre && distance > 0
        ? circleBounds(centre, distance)
        : points.length
          ? [...(centre ? [centre] : []), ...points]
          : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [boundsKey],
  );
  return (
    <MapView
      center={start}
      zoom={centre ? 10 : 6}
      height={SEARCH_MAP.height}
      label="Service providers map"
      bounds={bounds}
    >
      {centre && distance > 0 ? (
        <Circle
          center={[centre.lat, centre.lng]}
          radius={distance * 1000}
          pathOptions={{ color: '#1971c2', weight: 1.5, fillOpacity: 0.06 }}
        />
      ) : null}
      {centre ? (
        <PinMarker
          position={centre}
          text={isProject ? 'P' : '•'}
          title={`${isProject ? 'Project' : 'Search centre'}: ${centre.label}`}
          colour="#343a40"
          width={30}
          height={36}
        >
          <Tooltip>{centre.label}</Tooltip>
        </PinMarker>
      ) : null}
      <ProviderMarkers items={items.filter(located)} selectedId={selectedId} onSelect={onSelect} />
      {shown ? <ShowProvider key={shown.n} item={items.find((r) => r.id === shown.id)} /> : null}
    </MapView>
  );
}

/**
 * A marker per provider, coloured by its search-map status; providers that would overlap (a cell
 * of the screen) are one bubble with their count, which zooms in on them when clicked; at full zoom
 * those at one address stand on a small circle around it. The chosen provider is never in a bubble,
 * drawn larger and above the others at its own address, its name shown.
 */
function ProviderMarkers({
  items,
  selectedId,
  onSelect,
}: {
  items: Located[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const position = (r: Located) => ({ lat: r.business_address.lat, lng: r.business_address.lng });
  const selected = items.find((r) => r.id === selectedId);
  const others = items.filter((r) => r !== selected);
  const onScreen = (r: Located) => {
    const { x, y } = map.project([r.business_address.lat, r.business_address.lng], zoom);
    return { item: r, ...position(r), x, y };
  };
  // At full zoom providers at one address are fanned out around it, so each can be clicked.
  const groups =
    zoom >= CLUSTER_MAX_ZOOM
      ? fanOutStacks(others.map(onScreen)).map((p) => {
          const { lat, lng } = map.unproject([p.x, p.y], zoom);
          return { items: [p.item], lat, lng };
        })
      : groupByCell(others.map(onScreen));
  const marker = (r: Located, at: LatLng = position(r)) => (
    <DotMarker
      key={r.id}
      position={at}
      colour={markerColour(searchMapStatus(r.status_code).colour)}
      radius={r === selected ? 12 : 8}
      raised={r === selected}
      title={r.service_provider_name}
      onClick={() => onSelect(r.id)}
    >
      {/* Keyed by the choice: Leaflet reads `permanent` only when the tooltip is made. */}
      <Tooltip key={r === selected ? 'shown' : 'hover'} permanent={r === selected}>
        {r.service_provider_name}
        {r.km !== null ? ` · ${r.km} km` : ''}
      </Tooltip>
    </DotMarker>
  );
  return (
    <>
      {groups.map((g) =>
        g.items.length === 1 ? (
          marker(g.items[0]!, g)
        ) : (
          <ClusterMarker
            key={`c:${g.items[0]!.id}`}
            position={g}
            count={g.items.length}
            what="service providers"
            onClick={() =>
              map.fitBounds(L.latLngBounds(g.items.map((r) => [r.business_address.lat, r.business_address.lng])), {
                padding: [48, 48],
                maxZoom: CLUSTER_MAX_ZOOM,
              })
            }
          />
        ),
      )}
      {selected ? marker(selected) : null}
    </>
  );
}

/** 'Show on map': centres the provider, close enough to tell it from its neighbours. */
function ShowProvider({ item }: { item: Item | undefined }) {
  const map = useMap();
  const at = item && located(item) ? item.business_address : null;
  useEffect(() => {
    if (at) map.setView([at.lat, at.lng], Math.max(map.getZoom(), SHOW_ZOOM));
    // Once per request (the component is keyed by it), not when the results refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}
