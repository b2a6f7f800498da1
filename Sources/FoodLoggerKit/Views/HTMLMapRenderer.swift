import Foundation
import FoodLoggerDomain

/// The search's JSON document as one self-contained HTML page: a map drawn in inline SVG with
/// the terminal map's projection (centre, radius, a numbered marker per shop, scale, north), a
/// list beside it (below it on a phone), and an info window per marker. By default it fetches
/// nothing (no shop's location reaches a third party); with `tiles` the browser adds an
/// OpenStreetMap background, credited. A search without a centre gets the list alone: shops
/// spread over a country make no useful map.
/// Every piece of data is escaped: HTML text and attributes here, and the embedded JSON with
/// `<` written as \u003c so no shop name can close the script element.
enum HTMLMapRenderer {
    /// `units`: the heading's radius and the scale bar's (the data stays in metres).
    static func render(_ listing: RestaurantListing, tiles: Bool = false, units: DistanceUnits = .metric) -> String {
        let records = listing.records
        let frame = Frame(listing)
        let title = heading(listing, units: units)
        let credit =
            tiles
            ? #"Background © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors."#
            : "Drawn offline from the shops' coordinates; nothing is fetched."
        let mapPane =
            !frame.hasCenter
            ? "<p class=\"no-map\">A search without a centre has no map: give --lat and --lng to see one.</p>"
            : """
            <div class="map" id="map">
            \(svg(frame, records: records, tiles: tiles, units: units))
            <div class="info" id="info" role="dialog" aria-live="polite" data-clock="\(escape(HoursText.name(listing.clock)))" data-currency="\(escape(listing.currency))" hidden></div>
            </div>
            <p class="attribution" id="attribution">\(credit)</p>
            """
        return """
            <!doctype html>
            <html lang="ja">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title)) · foodlogger</title>
            <style>\(style)</style>
            </head>
            <body>
            <header><h1>\(escape(title))</h1></header>
            <main class="layout">
            <section class="map-pane">
            \(mapPane)
            </section>
            <section class="list-pane">
            <ol class="list" id="list">
            \(records.enumerated().map { listItem(index: $0.offset, record: $0.element, units: units) }.joined(separator: "\n"))
            </ol>
            \(records.isEmpty ? "<p class=\"empty\">No restaurants found.</p>" : "")
            </section>
            </main>
            <footer>\(listing.providers.map { "<a href=\"\(escape($0.credit.url))\">\(escape($0.credit.text))</a>" }.joined(separator: " · "))</footer>
            <script type="application/json" id="data">\(scriptSafe(listing.json.serialized()))</script>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// What the map shows: around the search's centre and radius, or, for a search without a
    /// centre, around the middle of the shops found.
    struct Frame {
        var center: Coordinate
        var radius: Double
        var hasCenter: Bool

        init(_ listing: RestaurantListing) {
            let points = listing.records.map(\.restaurant.coordinate)
            if let search = listing.search, let searchCenter = search.center {
                center = searchCenter
                radius = Double(search.rangeMetres)
                hasCenter = true
            } else {
                let count = Double(max(points.count, 1))
                center = Coordinate(lat: points.map(\.lat).reduce(0, +) / count, lng: points.map(\.lng).reduce(0, +) / count)
                radius = 0
                hasCenter = false
            }
            // Shops a little outside the radius stay on the map.
            let projection = LocalProjection(center: center)
            // A distance that is not finite (a point off the Earth) would make the whole map infinite.
            let farthest =
                points.map { point -> Double in
                    let offset = projection.offset(of: point)
                    return max(abs(offset.east), abs(offset.north))
                }.filter(\.isFinite).max() ?? 0
            radius = max(radius, farthest, 100)
        }

        /// Half the side of the square the SVG shows, in metres: the radius and a margin.
        var half: Double { radius * 1.1 }
    }

    static func heading(_ listing: RestaurantListing, units: DistanceUnits = .metric) -> String {
        let count = listing.records.count
        let shops = count == 1 ? "1 restaurant" : "\(count) restaurants"
        guard let search = listing.search, let center = search.center else { return shops }
        return
            "\(shops) within \(units.radius(search.rangeMetres)) of \(center.lat.plainText), \(center.lng.plainText)"
    }

    /// The map: metres east as x and metres south as y (SVG's y points down), so north is up.
    static func svg(_ frame: Frame, records: [RestaurantRecord], tiles: Bool, units: DistanceUnits = .metric) -> String {
        let half = frame.half, side = 2 * half
        let projection = LocalProjection(center: frame.center)
        let marker = side * 0.026, font = side * 0.026
        var parts: [String] = []
        if tiles { parts.append("<g id=\"tiles\"></g>") }
        parts.append("<circle class=\"radius\" cx=\"0\" cy=\"0\" r=\"\(number(frame.radius))\"/>")
        let offsets = records.map { projection.offset(of: $0.restaurant.coordinate) }
        // Each marker has a larger transparent circle, sized by the script to a 44-pixel touch target.
        let markers = records.enumerated().map { index, record in
            let offset = offsets[index], name = record.restaurant.name
            // The info window's walk and time left, in the table's words.
            let time = HoursText.openCells(
                record.timeLeft, status: record.openStatus, business: record.restaurant.businessStatus)
            let left = [time.when, time.left].filter { !$0.isEmpty }.joined(separator: " · ")
            let words = "data-walk=\"\(escape(walk(record)))\" data-time=\"\(escape(left))\""
            return """
                <g class="marker" data-index="\(index)" \(words) tabindex="0" role="button" aria-label="\(index + 1). \(escape(name))" transform="translate(\(number(offset.east)) \(number(-offset.north)))"><title>\(index + 1). \(escape(name))</title><circle class="hit" r="\(number(marker))"/><circle class="dot" r="\(number(marker))"/><text dy="0.35em" font-size="\(number(font))">\(index + 1)</text></g>
                """
        }
        parts.append("<g class=\"markers\">\n\(markers.joined(separator: "\n"))\n</g>")
        // Above the markers, its label where it covers the fewest of them.
        let label = centerLabel(markers: offsets, markerRadius: marker, font: font)
        parts.append(
            """
            <g class="center"><circle r="\(number(marker * 0.6))"/><text x="\(number(label.x))" y="\(number(label.y))" text-anchor="\(label.anchor)" font-size="\(number(font))">you are here</text></g>
            """)
        let scale = units.scaleBar(atMost: side / 4)
        let left = -half + side * 0.04, bottom = half - side * 0.04
        parts.append(
            """
            <g class="scale"><path d="M\(number(left)) \(number(bottom - font * 0.5))v\(number(font * 0.5))h\(number(scale.metres))v\(number(-font * 0.5))"/><text x="\(number(left))" y="\(number(bottom - font * 0.9))" font-size="\(number(font))">\(scale.label)</text></g>
            <g class="north"><text x="\(number(half - side * 0.04))" y="\(number(-half + side * 0.07))" font-size="\(number(font * 1.2))" text-anchor="end">N ↑</text></g>
            """)
        return """
            <svg id="map-svg" data-tiles="\(tiles ? 1 : 0)" viewBox="\(number(-half)) \(number(-half)) \(number(side)) \(number(side))" data-lat="\(degrees(frame.center.lat))" data-lng="\(degrees(frame.center.lng))" role="img" aria-label="Map of the restaurants, north up">
            \(parts.joined(separator: "\n"))
            </svg>
            """
    }

    /// Below, above, right or left of the centre, near it or a little farther out: the first
    /// place whose label box touches no marker, else the one that touches the fewest.
    static func centerLabel(markers: [(east: Double, north: Double)], markerRadius: Double, font: Double)
        -> (x: Double, y: Double, anchor: String)
    {
        let width = font * 8
        // Baselines; a box reaches a font size above its baseline and a little below, for descenders and the halo.
        typealias Place = (x: Double, y: Double, anchor: String)
        var places: [Place] = []
        for gap in [markerRadius * 1.2, markerRadius * 3] {
            let below: Place = (0, gap + font, "middle"), above: Place = (0, -gap - font * 0.35, "middle")
            let right: Place = (gap, font * 0.35, "start"), left: Place = (-gap, font * 0.35, "end")
            places += [below, above, right, left]
        }
        func covered(_ place: Place) -> Int {
            let left = place.anchor == "middle" ? place.x - width / 2 : place.anchor == "start" ? place.x : place.x - width
            let top = place.y - font * 1.1, bottom = place.y + font * 0.45
            return markers.filter { marker in
                let x = marker.east, y = -marker.north
                return x + markerRadius > left && x - markerRadius < left + width && y + markerRadius > top
                    && y - markerRadius < bottom
            }.count
        }
        return places.min { covered($0) < covered($1) } ?? places[0]
    }

    /// The walk as the table's Walk column says it ("6 min ↗"); "" without a centre.
    static func walk(_ record: RestaurantRecord) -> String {
        record.walk.map { WalkText.short($0, unicode: true) } ?? ""
    }

    static func listItem(index: Int, record: RestaurantRecord, units: DistanceUnits = .metric) -> String {
        let distance = record.distanceMetres.map { " · \(units.text($0)) · \(walk(record))" } ?? ""
        return """
            <li data-index="\(index)"><button type="button"><span class="num">\(index + 1)</span><span class="what"><strong>\(escape(record.restaurant.name))</strong><small>\(escape(record.restaurant.genreOrKind))\(distance)</small></span></button></li>
            """
    }

    /// Text and attribute values: the five characters HTML gives meaning to as references, and
    /// control characters (but line breaks and tabs) as visible escapes (`\u{1B}`), since a
    /// reference to most of them is a parse error and the page may be printed on a terminal.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in TerminalSafe.data(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// JSON inside a script element: `<` (and `>`, `&`) as \u escapes, which JSON.parse reads
    /// back unchanged, so "</script>" or "<!--" in the data cannot end or change the element.
    static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }

    /// Metres with at most one decimal: plenty for a drawing and short to read. Never "inf" or
    /// "nan", which no SVG attribute takes: a value that is not finite is drawn at 0.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return (tenths.isFinite ? tenths : 0).plainText
    }

    /// A coordinate for the tile script, which reads it back as a number.
    static func degrees(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

    static let style = """
        :root{color-scheme:light;--accent:#d2491f;--ink:#222;--muted:#666;--line:#ddd}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.5 system-ui,-apple-system,"Hiragino Sans","Noto Sans CJK JP",sans-serif;color:var(--ink);background:#fafafa}
        header{padding:12px 16px 0}h1{font-size:1.15rem;margin:0}
        .layout{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:16px;padding:12px 16px;align-items:start}
        .map{position:relative;width:100%;max-width:calc(100vh - 120px);min-width:240px;aspect-ratio:1;background:#eef2ee;border:1px solid var(--line);border-radius:8px;overflow:hidden;margin:0 auto}
        #map-svg{display:block;width:100%;height:100%}
        #tiles image{opacity:.75}
        .radius{fill:rgba(210,73,31,.06);stroke:var(--accent);stroke-width:.4%;stroke-dasharray:2% 1.2%}
        .center circle{fill:#1565c0;stroke:#fff;stroke-width:.3%}.center text{fill:#1565c0;font-weight:600;paint-order:stroke;stroke:#fff;stroke-width:.35%}
        .marker{cursor:pointer;outline:none}
        .marker .dot{fill:var(--accent);stroke:#fff;stroke-width:.35%}.marker .hit{fill:transparent}
        .marker text{fill:#fff;text-anchor:middle;font-weight:700;pointer-events:none}
        .marker.hot .dot,.marker:focus .dot{fill:#8e1c00;stroke:#ffd54f;stroke-width:.6%}
        .marker.open .dot{fill:#8e1c00}
        .scale path{fill:none;stroke:#222;stroke-width:.35%}.scale text,.north text{fill:#222;font-weight:600;paint-order:stroke;stroke:#fff;stroke-width:.35%}
        .info{position:absolute;z-index:2;width:min(300px,86%);overflow:auto;background:#fff;border-radius:8px;box-shadow:0 4px 18px rgba(0,0,0,.25);padding:10px 12px;font-size:14px}
        .info h2{font-size:1rem;margin:0 24px 2px 0}.info p{margin:4px 0}.info .meta{color:var(--muted)}
        .info .close{position:absolute;top:4px;right:6px;border:0;background:none;font-size:20px;line-height:1;cursor:pointer;color:var(--muted)}
        .info .links a{margin-right:12px}
        .attribution{font-size:12px;color:var(--muted);margin:6px 0 0;text-align:center}
        .list{list-style:none;margin:0;padding:0;max-height:calc(100vh - 110px);overflow:auto;border:1px solid var(--line);border-radius:8px;background:#fff}
        .list li+li{border-top:1px solid var(--line)}
        .list button{display:flex;gap:10px;width:100%;text-align:left;border:0;background:none;padding:8px 10px;font:inherit;color:inherit;cursor:pointer}
        .list li.hot button,.list button:hover,.list button:focus{background:#fff1ec}
        .list .num{flex:none;width:1.8em;height:1.8em;border-radius:50%;background:var(--accent);color:#fff;font-weight:700;display:grid;place-items:center;font-size:.85em}
        .list .what{display:flex;flex-direction:column;min-width:0}.list small{color:var(--muted)}
        .empty,.no-map{color:var(--muted)}
        footer{padding:4px 16px 16px;font-size:13px}
        @media (max-width:700px){.layout{grid-template-columns:1fr;padding:8px}.map{max-width:none}.list{max-height:none}header{padding:8px 8px 0}}
        """

    /// Info windows, list ↔ marker highlighting, keyboard use, touch targets, and the tile
    /// background when the page was made with it.
    static let script = """
        (function(){
        "use strict";
        var data=JSON.parse(document.getElementById("data").textContent);
        var shops=data.restaurants||[];
        var map=document.getElementById("map"),svg=document.getElementById("map-svg"),info=document.getElementById("info");
        if(!svg)return;
        var markers=svg.querySelectorAll(".marker"),items=document.querySelectorAll("#list li");
        function each(list,fn){Array.prototype.forEach.call(list,fn);}
        function marker(i){return svg.querySelector('.marker[data-index="'+i+'"]');}
        function item(i){return document.querySelector('#list li[data-index="'+i+'"]');}
        function safeURL(u){return /^https?:\\/\\//i.test(u||"")?u:null;}
        function add(parent,tag,text,cls){var e=document.createElement(tag);if(text!=null)e.textContent=text;if(cls)e.className=cls;parent.appendChild(e);return e;}
        function hot(i,on){var m=marker(i),l=item(i);if(m)m.classList.toggle("hot",on);if(l)l.classList.toggle("hot",on);}
        function close(){info.hidden=true;info.textContent="";each(markers,function(m){m.classList.remove("open");});}
        function open(i){
          var s=shops[i],m=marker(i);if(!s||!m)return;
          close();m.classList.add("open");
          var close_=add(info,"button","×","close");close_.type="button";close_.setAttribute("aria-label","Close");close_.onclick=close;
          add(info,"h2",(i+1)+". "+s.name,"name");
          add(info,"p",[s.genre,s.distance_m!=null?s.distance_m+" m":"",m.getAttribute("data-walk")].filter(Boolean).join(" · "),"meta");
          if(s.business_status&&s.business_status!=="operational")add(info,"p",s.business_status==="closed_permanently"?"Closed for good":"Closed for now","status");
          if(s.catch)add(info,"p",s.catch,"catch");
          if(s.rating!=null)add(info,"p","Rating: "+s.rating.toFixed(1)+" of 5"+(s.rating_count!=null?" ("+s.rating_count+" reviews)":""),"rating");
          if(s.price_level!=null&&!s.budget)add(info,"p","Price: "+(s.price_level===0?"free":info.getAttribute("data-currency").repeat(Math.min(s.price_level,4))),"price");
          if(s.budget||s.budget_average)add(info,"p","Budget: "+[s.budget,s.budget_average].filter(Boolean).join(" / "),"budget");
          if(s.access)add(info,"p","Access: "+s.access,"access");
          add(info,"p",m.getAttribute("data-time")+" ("+(data.open_at?"at "+data.open_at.slice(11,16)+", ":"")+info.getAttribute("data-clock")+")","open-now");
          var hours=s.opening_hours||s.open;
          if(hours)add(info,"p","Hours: "+hours+(s.close?" (closed: "+s.close+")":""),"hours");
          var links=add(info,"p",null,"links");
          [["Shop page",s.url],["Photo",s.photo_url]].forEach(function(p){var u=safeURL(p[1]);if(u){var a=add(links,"a",p[0]);a.href=u;a.target="_blank";a.rel="noopener";}});
          info.hidden=false;place(m.querySelector(".dot"));
        }
        // Beside its marker, never over it: above, below, right or left, the first side with room
        // for the whole window; else the roomiest side, the window scrolling within it.
        function place(dot){
          info.style.maxHeight="";
          var box=map.getBoundingClientRect(),r=dot.getBoundingClientRect(),w=info.offsetWidth,h=info.offsetHeight,g=8;
          var x=r.left+r.width/2-box.left,y=r.top+r.height/2-box.top;
          var room={above:r.top-box.top-g,below:box.bottom-r.bottom-g,right:box.right-r.right-g,left:r.left-box.left-g};
          function clamp(v,lo,hi){return Math.max(lo,Math.min(v,hi));}
          var sides=["above","below","right","left"],side=null;
          for(var k=0;k<sides.length&&!side;k++){var sd=sides[k];if((sd==="above"||sd==="below")?room[sd]>=h:room[sd]>=w)side=sd;}
          if(!side){side=room.above>room.below?"above":"below";info.style.maxHeight=Math.max(40,room[side]-4)+"px";h=info.offsetHeight;}
          var left,top;
          if(side==="above"){top=r.top-box.top-g-h;left=clamp(x-w/2,4,box.width-w-4);}
          else if(side==="below"){top=r.bottom-box.top+g;left=clamp(x-w/2,4,box.width-w-4);}
          else if(side==="right"){left=r.right-box.left+g;top=clamp(y-h/2,4,box.height-h-4);}
          else{left=r.left-box.left-g-w;top=clamp(y-h/2,4,box.height-h-4);}
          info.style.left=left+"px";info.style.top=top+"px";
        }
        // Every marker answers a touch 44 pixels across, however small the map is drawn.
        function sizeTargets(){
          var px=svg.getBoundingClientRect().width;if(!px)return;
          var unit=svg.viewBox.baseVal.width/px;
          each(svg.querySelectorAll(".marker"),function(m){var dot=m.querySelector(".dot");m.querySelector(".hit").setAttribute("r",Math.max(+dot.getAttribute("r"),22*unit));});
        }
        each(markers,function(m){
          var i=+m.getAttribute("data-index");
          m.addEventListener("click",function(e){e.stopPropagation();open(i);});
          m.addEventListener("keydown",function(e){if(e.key==="Enter"||e.key===" "){e.preventDefault();open(i);}});
          m.addEventListener("mouseenter",function(){hot(i,true);});m.addEventListener("mouseleave",function(){hot(i,false);});
        });
        each(items,function(l){
          var i=+l.getAttribute("data-index");
          l.addEventListener("mouseenter",function(){hot(i,true);});l.addEventListener("mouseleave",function(){hot(i,false);});
          l.addEventListener("focusin",function(){hot(i,true);});l.addEventListener("focusout",function(){hot(i,false);});
          l.querySelector("button").addEventListener("click",function(e){e.stopPropagation();if(map.getBoundingClientRect().top<0)map.scrollIntoView({behavior:"smooth"});open(i);});
        });
        info.addEventListener("click",function(e){e.stopPropagation();});
        map.addEventListener("click",close);
        document.addEventListener("keydown",function(e){if(e.key==="Escape")close();});
        function tiles(){
          if(svg.getAttribute("data-tiles")!=="1")return;
          var lat=+svg.getAttribute("data-lat"),lng=+svg.getAttribute("data-lng"),vb=svg.viewBox.baseVal;
          var px=Math.max(256,svg.getBoundingClientRect().width*(window.devicePixelRatio||1));
          var cos=Math.cos(lat*Math.PI/180),z=Math.max(0,Math.min(19,Math.round(Math.log2(156543.03392*cos*px/vb.width))));
          var n=Math.pow(2,z),mpp=156543.03392*cos/n,size=256*mpp;
          var cx=(lng+180)/360*n*256,sr=Math.sin(lat*Math.PI/180),cy=(0.5-Math.log((1+sr)/(1-sr))/(4*Math.PI))*n*256;
          var g=document.getElementById("tiles"),ns="http://www.w3.org/2000/svg";
          for(var tx=Math.floor((cx+vb.x/mpp)/256);tx*256<=cx+(vb.x+vb.width)/mpp;tx++){
            for(var ty=Math.floor((cy+vb.y/mpp)/256);ty*256<=cy+(vb.y+vb.height)/mpp;ty++){
              if(ty<0||ty>=n)continue;
              var im=document.createElementNS(ns,"image");
              im.setAttribute("href","https://tile.openstreetmap.org/"+z+"/"+(((tx%n)+n)%n)+"/"+ty+".png");
              im.setAttribute("x",(tx*256-cx)*mpp);im.setAttribute("y",(ty*256-cy)*mpp);
              im.setAttribute("width",size);im.setAttribute("height",size);
              im.addEventListener("error",function(){this.remove();});
              g.appendChild(im);
            }
          }
        }
        window.addEventListener("load",function(){sizeTargets();tiles();});
        window.addEventListener("resize",sizeTargets);
        })();
        """
}
