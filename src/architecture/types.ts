/** The architecture stage's vocabulary: recovered components and what is measured about them. */

export type Algorithm = 'pkg' | 'acdc' | 'wca' | 'limbo' | 'louvain';

export type WcaSimilarity = 'uem' | 'uenm';

export interface RecoverOptions {
  algorithm: Algorithm;
  /** pkg: number of package/directory segments to group by; chosen automatically when absent. */
  pkgDepth?: number;
  /** wca, limbo: stop merging at this many clusters; a size-based default when absent. */
  numClusters?: number;
  /** wca: similarity measure, 'uem' by default. */
  similarity?: WcaSimilarity;
}

export interface Component {
  /** Unique, readable: the component's common path, disambiguated by a distinctive term when needed. */
  name: string;
  /** One line: the component's most distinctive terms and its most depended-on entities. */
  responsibility: string;
  /** Fully-qualified names of the component's non-module entities, sorted. */
  entities: string[];
  /** Repo-relative paths of the files the component was built from, sorted. */
  files: string[];
  /** Names of the components this one has at least one dependency edge into, sorted. */
  depends_on: string[];
}

export interface Architecture {
  algorithm: Algorithm;
  /** The parameters actually used, including automatically chosen ones. */
  params: Record<string, string | number>;
  components: Component[];
}

export interface SizeDistribution {
  min: number;
  max: number;
  mean: number;
  median: number;
  /** Sample standard deviation; 0 for a single component. */
  sd: number;
}

export interface ArchitectureMetrics {
  componentCount: number;
  sizes: SizeDistribution;
  /** ARCADE's TurboMQ: the mean of the clustering factors CF_i. */
  turboMQ: number;
  basicMQ: number;
  modularity: number;
  /** Mean of μ_i / N_i² over components (BasicMQ's first term). */
  intraConnectivity: number;
  /** Mean of (ε_ij + ε_ji) / (2 N_i N_j) over component pairs (BasicMQ's second term). */
  interConnectivity: number;
  /** Dependency edges between entities of the same component / of different components. */
  internalEdges: number;
  externalEdges: number;
}

export interface ComponentMatch {
  a: string;
  b: string;
  /** Entities the two components share. */
  overlap: number;
  /** overlap / |a ∪ b| over the entities present in both architectures. */
  jaccard: number;
}

export interface Comparison {
  /** MoJoFM of a against b, b taken as authoritative; 0..100. */
  mojoFM: number;
  /** a2a architecture-to-architecture similarity; 0..100. */
  a2a: number;
  /** One-to-one matching maximising total entity overlap (Hungarian), pairs with overlap 0 left out. */
  matches: ComponentMatch[];
  unmatchedA: string[];
  unmatchedB: string[];
}

export type SmellKind = 'dependency_cycle' | 'concern_overload' | 'link_overload' | 'scattered_functionality';

export type Severity = 'low' | 'medium' | 'high';

export interface Smell {
  kind: SmellKind;
  severity: Severity;
  components: string[];
  explanation: string;
}
