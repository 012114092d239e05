-- A HEP3 dissector for tshark, written for the tests from the HEP3 Network Protocol Specification (this tshark has
-- none of its own): `tshark -X lua_script:hep3.lua -d udp.port==9060,hep ...`. It checks the framing (the total
-- length, each chunk's length, the fixed sizes), shows the generic chunks as fields (hep.*) and hands a SIP payload
-- (protocol type 1) to Wireshark's SIP dissector. A malformed message is flagged with an expert error.

local hep = Proto("hep", "HEP3 encapsulation")

local f = {
  length = ProtoField.uint16("hep.length", "Total length"),
  family = ProtoField.uint8("hep.ip_family", "IP family"),
  protocol = ProtoField.uint8("hep.ip_proto", "IP protocol"),
  src4 = ProtoField.ipv4("hep.src_ip", "Source address"),
  dst4 = ProtoField.ipv4("hep.dst_ip", "Destination address"),
  src6 = ProtoField.ipv6("hep.src_ip6", "Source address (IPv6)"),
  dst6 = ProtoField.ipv6("hep.dst_ip6", "Destination address (IPv6)"),
  sport = ProtoField.uint16("hep.src_port", "Source port"),
  dport = ProtoField.uint16("hep.dst_port", "Destination port"),
  tsec = ProtoField.uint32("hep.time_sec", "Timestamp seconds"),
  tusec = ProtoField.uint32("hep.time_usec", "Timestamp microseconds"),
  ptype = ProtoField.uint8("hep.proto_type", "Protocol type"),
  capture = ProtoField.uint32("hep.capture_id", "Capture agent id"),
  auth = ProtoField.string("hep.auth_key", "Authentication key"),
  payload = ProtoField.bytes("hep.payload", "Payload"),
  correlation = ProtoField.string("hep.correlation_id", "Correlation id"),
  chunk = ProtoField.uint16("hep.chunk_type", "Chunk type"),
}
hep.fields = { f.length, f.family, f.protocol, f.src4, f.dst4, f.src6, f.dst6, f.sport, f.dport, f.tsec, f.tusec,
  f.ptype, f.capture, f.auth, f.payload, f.correlation, f.chunk }

local malformed = ProtoExpert.new("hep.malformed", "Malformed HEP3 message", expert.group.MALFORMED,
  expert.severity.ERROR)
hep.experts = { malformed }

-- type -> { field, fixed size or nil }
local chunks = {
  [1] = { f.family, 1 }, [2] = { f.protocol, 1 }, [3] = { f.src4, 4 }, [4] = { f.dst4, 4 },
  [5] = { f.src6, 16 }, [6] = { f.dst6, 16 }, [7] = { f.sport, 2 }, [8] = { f.dport, 2 },
  [9] = { f.tsec, 4 }, [10] = { f.tusec, 4 }, [11] = { f.ptype, 1 }, [12] = { f.capture, 4 },
  [14] = { f.auth, nil }, [15] = { f.payload, nil }, [17] = { f.correlation, nil },
}

local sip = Dissector.get("sip")

function hep.dissector(tvb, pinfo, tree)
  if tvb:len() < 6 or tvb(0, 4):string() ~= "HEP3" then return 0 end
  pinfo.cols.protocol = "HEP3"
  local subtree = tree:add(hep, tvb())
  local total = tvb(4, 2):uint()
  subtree:add(f.length, tvb(4, 2))
  if total ~= tvb:len() then
    subtree:add_proto_expert_info(malformed, "the total length is not the message's")
    return tvb:len()
  end
  local at = 6
  local proto_type, payload
  while at < total do
    if total - at < 6 then
      subtree:add_proto_expert_info(malformed, "a chunk shorter than its header")
      return total
    end
    local vendor = tvb(at, 2):uint()
    local ctype = tvb(at + 2, 2):uint()
    local clen = tvb(at + 4, 2):uint()
    if clen < 6 or at + clen > total then
      subtree:add_proto_expert_info(malformed, "a chunk length out of the message")
      return total
    end
    subtree:add(f.chunk, tvb(at + 2, 2))
    local known = vendor == 0 and chunks[ctype] or nil
    if known ~= nil then
      local size = clen - 6
      if known[2] ~= nil and known[2] ~= size then
        subtree:add_proto_expert_info(malformed, "chunk " .. ctype .. " of the wrong size")
        return total
      end
      if size > 0 then
        local value = tvb(at + 6, size)
        subtree:add(known[1], value)
        if ctype == 11 then proto_type = value:uint() end
        if ctype == 15 then payload = value end
      end
    end
    at = at + clen
  end
  if proto_type == 1 and payload ~= nil then
    sip:call(payload:tvb(), pinfo, tree)
  end
  return total
end

DissectorTable.get("udp.port"):add_for_decode_as(hep)
