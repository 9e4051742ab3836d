import Testing

@testable import NinepipeHost

/// Resource folder names read by aapt2's rules: each qualifier of a known kind, in Android's
/// order; printed back canonically; the folder a device uses chosen as Android chooses it.
@Suite("Resource configurations")
struct ResourceConfigurationTests {
    func configuration(_ text: String) throws -> ResourceConfiguration {
        try #require(ResourceConfiguration.folder(text)).configuration
    }

    @Test(
        "folder names read and print back as written when canonical",
        arguments: [
            "drawable", "drawable-hdpi", "drawable-night-xxhdpi", "drawable-fr-night", "drawable-pt-rBR-ldrtl-night-v24",
            "drawable-b+sr+Latn", "drawable-b+es+419", "drawable-anydpi-v26", "drawable-nodpi", "drawable-tvdpi", "drawable-420dpi",
            "mipmap-xxxhdpi", "drawable-mcc310-mnc004-en-rUS", "drawable-sw600dp-land-hdpi", "drawable-w720dp-h480dp",
            "drawable-notnight-v31", "drawable-ldltr", "drawable-car-night", "drawable-640x480", "drawable-round-widecg-highdr",
        ])
    func roundTrip(name: String) throws {
        let (type, configuration) = try #require(ResourceConfiguration.folder(name))
        #expect(configuration.folderName(type: type) == name)
        #expect(ResourceConfiguration.folder(configuration.folderName(type: type))?.configuration == configuration)
    }

    @Test("what is parsed: locale (incl. b+), direction, night, density (named, NNNdpi, anydpi, nodpi), API level; the rest kept in place")
    func parsed() throws {
        let brazil = try configuration("drawable-pt-rBR-ldrtl-night-xhdpi-v24")
        #expect(brazil.locale == ResourceConfiguration.Locale(language: "pt", region: "BR"))
        #expect(brazil.locale?.languageTag == "pt-BR")
        #expect(brazil.isRightToLeft == true && brazil.isNight == true && brazil.density == .dpi(320) && brazil.apiLevel == 24)
        let serbian = try configuration("drawable-b+sr+Latn")
        #expect(serbian.locale?.script == "Latn" && serbian.locale?.languageTag == "sr-Latn" && serbian.locale?.qualifier == "b+sr+Latn")
        #expect(try configuration("drawable-b+en+US").locale?.qualifier == "en-rUS")  // printed in its short form
        #expect(try configuration("drawable-tvdpi").density == .dpi(213))
        #expect(try configuration("drawable-420dpi").density == .dpi(420))
        #expect(try configuration("drawable-anydpi").density == .anydpi && configuration("drawable-nodpi").density == .nodpi)
        #expect(try configuration("drawable-notnight").isNight == false && configuration("drawable-ldltr").isRightToLeft == false)
        let tablet = try configuration("drawable-sw600dp-land-hdpi")
        #expect(tablet.others.map(\.qualifier) == ["sw600dp", "land"] && tablet.density == .dpi(240))
        #expect(try configuration("drawable").description.isEmpty)
    }

    @Test("out of order, unknown or malformed qualifiers are no configuration (aapt2 refuses such folders)")
    func refused() {
        for name in [
            "drawable-hdpi-night", "drawable-v24-hdpi", "drawable-night-fr", "drawable-rBR", "drawable-fooo", "drawable-hdpi-hdpi",
            "drawable-v99999999", "drawable-sw999999dp", "drawable-b+", "drawable-b+toolong", "drawable-", "Drawable-hdpi", "drawable-land-sw600dp",
        ] {
            #expect(ResourceConfiguration.folder(name) == nil, "\(name)")
        }
    }

    @Test("qualifiers are printed in Android's order whatever order they were set in")
    func canonicalOrder() {
        var made = ResourceConfiguration()
        made.apiLevel = 26
        made.density = .anydpi
        made.isNight = true
        made.locale = ResourceConfiguration.Locale(language: "fr")
        made.isRightToLeft = true
        #expect(made.description == "fr-ldrtl-night-anydpi-v26")
        #expect(made.folderName(type: "mipmap") == "mipmap-fr-ldrtl-night-anydpi-v26")
    }

    @Test("the folder a device uses: compatible ones only, then locale, direction, night, the nearest density, the highest API level")
    func bestMatch() throws {
        let folders = try ["drawable", "drawable-hdpi", "drawable-xxhdpi", "drawable-night", "drawable-night-xhdpi", "drawable-v31", "drawable-fr"]
            .map(configuration)
        func best(_ device: ResourceConfiguration.Device) -> String? {
            ResourceConfiguration.bestMatch(in: folders, for: device)?.folderName(type: "drawable")
        }
        // Night mode given beats a density: night folders win for a night device.
        #expect(best(.init(isNight: true, dpi: 320)) == "drawable-night-xhdpi")
        #expect(best(.init(isNight: true, dpi: 160)) == "drawable-night")
        // A French device takes the French folder before anything else.
        #expect(best(.init(locale: .init(language: "fr"), dpi: 480)) == "drawable-fr")
        // Day: the exact density; else the smallest above (scaled down), else the largest below.
        #expect(best(.init(dpi: 480)) == "drawable-xxhdpi")
        #expect(best(.init(dpi: 320)) == "drawable-xxhdpi")
        #expect(best(.init(dpi: 640)) == "drawable-xxhdpi")
        #expect(best(.init(dpi: 213)) == "drawable-hdpi")
        // Among equals in everything else, the highest API level the device has; none above it.
        let versions = try ["drawable-anydpi", "drawable-anydpi-v24", "drawable-anydpi-v26"].map(configuration)
        #expect(ResourceConfiguration.bestMatch(in: versions, for: .init(apiLevel: 25))?.apiLevel == 24)
        #expect(ResourceConfiguration.bestMatch(in: versions, for: .init(apiLevel: 36))?.apiLevel == 26)
        #expect(ResourceConfiguration.bestMatch(in: versions, for: .init(apiLevel: 21))?.apiLevel == nil)
        // Other kinds of qualifier (a tablet's) are not the default device's.
        #expect(ResourceConfiguration.bestMatch(in: [try configuration("drawable-sw600dp")], for: .init()) == nil)
        // A region must match; a language-only folder serves every region.
        let portuguese = try ["drawable-pt", "drawable-pt-rBR"].map(configuration)
        #expect(ResourceConfiguration.bestMatch(in: portuguese, for: .init(locale: .init(language: "pt", region: "BR")))?.description == "pt-rBR")
        #expect(ResourceConfiguration.bestMatch(in: portuguese, for: .init(locale: .init(language: "pt", region: "PT")))?.description == "pt")
    }
}
