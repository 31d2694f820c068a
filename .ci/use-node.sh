# Source this (`. .ci/use-node.sh`) to run on a supported Node.js: when the machine's own Node is
# older than NODE_LTS, the official binary of the newest NODE_LTS release is taken from the npm
# registry (the node-linux-<arch> package) into .ci/node-<major>/ and put first on PATH, with its
# headers for native addons. Nothing changes when the machine's Node is new enough.
NODE_LTS=24

current_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$current_major" -lt "$NODE_LTS" ]; then
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64 | arm64) node_arch=arm64 ;;
    *) echo "No Node.js $NODE_LTS package for $(uname -m); install Node.js $NODE_LTS or newer." >&2; return 1 ;;
  esac
  node_dir="$(pwd)/.ci/node-$NODE_LTS"
  if [ ! -x "$node_dir/bin/node" ]; then
    echo "Installing Node.js $NODE_LTS into $node_dir (node-linux-$node_arch from the npm registry)..."
    node_tmp=$(mktemp -d)
    (cd "$node_tmp" && npm pack --silent "node-linux-$node_arch@$NODE_LTS" >/dev/null)
    mkdir -p "$node_dir"
    tar -xzf "$node_tmp"/node-linux-"$node_arch"-*.tgz -C "$node_dir" --strip-components=1
    rm -rf "$node_tmp"
  fi
  export PATH="$node_dir/bin:$PATH"
  # Native addons build against this Node's own headers, not the machine's.
  export npm_config_nodedir="$node_dir"
fi
echo "Node.js $(node --version), npm $(npm --version)"
